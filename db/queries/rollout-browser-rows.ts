// What the browser shows for each rollout of a page (with the names of its experiment, run, harness version,
// checkpoint and task), and, when searching, where the words were found: the first matching turn and a
// snippet of it as plain parts, the matched words flagged, never as HTML.
import "server-only";
import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { outcomeOf, type Outcome } from "../../lib/domain/outcome";
import { ftsMatchExpression } from "../../lib/trajectories/browser-query";
import { ROLLOUT_TOKENS_SQL } from "./rollout-browser-sql";

export interface SnippetPart {
  text: string;
  hit: boolean;
}

export interface SearchMatch {
  /** Turn index as stored (0-based): the viewer's #turn-N. */
  turnIdx: number;
  parts: SnippetPart[];
}

export interface BrowserRow {
  id: string;
  experimentId: string;
  experimentName: string;
  runId: string;
  runName: string | null;
  taskId: string;
  taskKey: string;
  benchmark: string;
  harnessVersionId: string | null;
  harnessLabel: string | null;
  checkpointId: string | null;
  checkpointName: string | null;
  purpose: string;
  epoch: number | null;
  step: number | null;
  groupId: string | null;
  sampleIndex: number | null;
  reward: number | null;
  success: boolean;
  outcome: Outcome;
  exitStatus: string | null;
  truncated: boolean;
  truncationKind: string | null;
  numTurns: number;
  promptTokens: number | null;
  completionTokens: number | null;
  tokens: number | null;
  costUsd: number | null;
  durationMs: number | null;
  sourceFormat: string;
  startedAt: number | null;
  createdAt: number;
  match: SearchMatch | null;
}

type RawRow = Omit<BrowserRow, "success" | "truncated" | "outcome" | "match"> & { success: number; truncated: number };

/** The rows of these ids, in the order given. */
export function loadBrowserRows(sqlite: Database.Database, ids: string[], q: string | undefined): BrowserRow[] {
  if (ids.length === 0) return [];
  const raw = sqlite.prepare(
    `SELECT r.id, r.experiment_id AS experimentId, e.name AS experimentName, r.run_id AS runId, ru.name AS runName,
            r.task_id AS taskId, t.key AS taskKey, t.benchmark, r.harness_version_id AS harnessVersionId, h.label AS harnessLabel,
            r.checkpoint_id AS checkpointId, COALESCE(c.name, c.model) AS checkpointName, r.purpose, r.epoch, r.step,
            r.group_id AS groupId, r.sample_index AS sampleIndex, r.reward, r.success, r.exit_status AS exitStatus, r.truncated,
            r.truncation_kind AS truncationKind, r.num_turns AS numTurns, r.prompt_tokens AS promptTokens,
            r.completion_tokens AS completionTokens, ${ROLLOUT_TOKENS_SQL} AS tokens, r.cost_usd AS costUsd, r.duration_ms AS durationMs,
            r.source_format AS sourceFormat, r.started_at AS startedAt, r.created_at AS createdAt
       FROM rollouts r
       JOIN experiments e ON e.id = r.experiment_id
       JOIN runs ru ON ru.id = r.run_id
       JOIN tasks t ON t.id = r.task_id
       LEFT JOIN harness_versions h ON h.id = r.harness_version_id
       LEFT JOIN checkpoints c ON c.id = r.checkpoint_id
      WHERE r.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as RawRow[];
  const byId = new Map(raw.map((r) => [r.id, r]));
  const matches = q === undefined ? new Map<string, SearchMatch>() : searchMatches(sqlite, ids, q);
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const success = r.success === 1;
    return [{ ...r, success, truncated: r.truncated === 1, outcome: outcomeOf({ success, reward: r.reward }), match: matches.get(id) ?? null }];
  });
}

/**
 * The first matching turn of each rollout and its FTS5 snippet. The snippet's markers carry a random nonce
 * per call, so text in a turn can never pose as a marker; they are turned into parts here.
 */
function searchMatches(sqlite: Database.Database, ids: string[], q: string): Map<string, SearchMatch> {
  const nonce = randomBytes(8).toString("hex");
  const open = `\uE000${nonce}[`;
  const close = `]${nonce}\uE001`;
  const stmt = sqlite.prepare(
    `SELECT t.idx AS turnIdx, snippet(turns_fts, -1, ?, ?, '…', 16) AS text
       FROM turns_fts f JOIN turns t ON t.id = f.rowid
      WHERE f.turns_fts MATCH ? AND t.rollout_id = ?
        AND f.rowid BETWEEN (SELECT min(id) FROM turns WHERE rollout_id = ?) AND (SELECT max(id) FROM turns WHERE rollout_id = ?)
      ORDER BY f.rowid LIMIT 1`,
  );
  const match = ftsMatchExpression(q);
  const out = new Map<string, SearchMatch>();
  for (const id of ids) {
    const row = stmt.get(open, close, match, id, id, id) as { turnIdx: number; text: string } | undefined;
    if (row) out.set(id, { turnIdx: row.turnIdx, parts: snippetParts(row.text, open, close) });
  }
  return out;
}

/** Splits marked snippet text into plain and matched parts. */
export function snippetParts(text: string, open: string, close: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let rest = text;
  while (rest.length) {
    const start = rest.indexOf(open);
    if (start < 0) break;
    const end = rest.indexOf(close, start + open.length);
    if (end < 0) break;
    if (start > 0) parts.push({ text: rest.slice(0, start), hit: false });
    parts.push({ text: rest.slice(start + open.length, end), hit: true });
    rest = rest.slice(end + close.length);
  }
  if (rest.length) parts.push({ text: rest, hit: false });
  return parts;
}
