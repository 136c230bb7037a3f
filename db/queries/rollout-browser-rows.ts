// What the browser shows for each rollout of a page (with the names of its experiment, run, harness version,
// checkpoint and task), and, when searching, where the words were found: the first matching turn and a
// snippet of it as plain parts, the matched words flagged, never as HTML.
import "server-only";
import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { outcomeOf, type Outcome } from "../../lib/domain/outcome";
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

/**
 * Markers FTS5's snippet() puts around matched words. They carry a random nonce per page, so text in a turn
 * can never pose as a marker; snippetParts turns them into parts and they never leave the server.
 */
export interface Markers {
  open: string;
  close: string;
}

export function snippetMarkers(): Markers {
  const nonce = randomBytes(8).toString("hex");
  return { open: `\uE000${nonce}[`, close: `]${nonce}\uE001` };
}

/** What a page knows of its search: how it was tested, the markers, and the matches its walk already found. */
export type PageSearch = ({ kind: "set"; firstTurns: Map<string, number> } | { kind: "probe" }) & {
  match: string;
  markers: Markers;
  found: Map<string, readonly [number, string]>;
};

/** The rows of these ids, in the order given, with the first matching turn of each when searching. */
export function loadBrowserRows(sqlite: Database.Database, ids: string[], search: PageSearch | null): BrowserRow[] {
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
  const matches = search ? searchMatches(sqlite, ids, search) : new Map<string, SearchMatch>();
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const success = r.success === 1;
    return [{ ...r, success, truncated: r.truncated === 1, outcome: outcomeOf({ success, reward: r.reward }), match: matches.get(id) ?? null }];
  });
}

/**
 * The first matching turn of each rollout and its FTS5 snippet, as parts. A walk found them already; for a
 * set of few matches the first turn of each rollout is known, and one FTS5 query makes all the snippets
 * (the + keeps the id list from becoming one FTS5 lookup per id, each a seek in every index segment).
 */
function searchMatches(sqlite: Database.Database, ids: string[], search: PageSearch): Map<string, SearchMatch> {
  const hits = new Map(search.found);
  if (search.kind === "set") {
    const wanted = ids.flatMap((id) => (search.firstTurns.has(id) ? [search.firstTurns.get(id) as number] : []));
    if (wanted.length) {
      const rows = sqlite.prepare(
        `SELECT rowid AS turnId, snippet(turns_fts, -1, ?, ?, '…', 16) AS text FROM turns_fts
          WHERE turns_fts MATCH ? AND rowid BETWEEN ? AND ? AND +rowid IN (SELECT value FROM json_each(?))`,
      ).all(search.markers.open, search.markers.close, search.match, Math.min(...wanted), Math.max(...wanted), JSON.stringify(wanted)) as { turnId: number; text: string }[];
      const byTurn = new Map(rows.map((r) => [r.turnId, r.text]));
      for (const id of ids) {
        const turnId = search.firstTurns.get(id);
        const text = turnId === undefined ? undefined : byTurn.get(turnId);
        if (turnId !== undefined && text !== undefined) hits.set(id, [turnId, text]);
      }
    }
  }
  const turnIdx = sqlite.prepare("SELECT idx FROM turns WHERE id = ?").pluck();
  const out = new Map<string, SearchMatch>();
  for (const id of ids) {
    const hit = hits.get(id);
    if (hit) out.set(id, { turnIdx: turnIdx.get(hit[0]) as number, parts: snippetParts(hit[1], search.markers.open, search.markers.close) });
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
