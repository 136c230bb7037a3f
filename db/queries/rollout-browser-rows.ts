// What the browser shows for each rollout of a page (with the names of its experiment, run, harness version,
// checkpoint and task), and, when searching, where the words were found: the first matching turn and a
// snippet of it as plain parts, the matched words flagged, never as HTML.
import "server-only";
import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { outcomeOf, type Outcome } from "../../lib/domain/outcome";
import { ROLLOUT_TOKENS_SQL, valuePath } from "./rollout-browser-sql";
import { decodeRolloutRow, ROLLOUT_ROW_COLUMNS, ROLLOUT_ROW_JOINS, type RolloutRow, type Stored } from "./rollout-row";

export interface SnippetPart {
  text: string;
  hit: boolean;
}

export interface SearchMatch {
  /** Turn index as stored (0-based): the viewer's #turn-N. */
  turnIdx: number;
  parts: SnippetPart[];
}

/** A row of the trajectory browser: the one rollout projection, its tokens, outcome and search match. */
export interface BrowserRow extends RolloutRow {
  tokens: number | null;
  /** The trainer's value the filter names (BrowserFilter.value), when it names one. */
  value?: number | null;
  outcome: Outcome;
  match: SearchMatch | null;
}

type RawRow = Stored<Omit<BrowserRow, "outcome" | "match" | "value">> & { value?: number | null };

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
export function loadBrowserRows(sqlite: Database.Database, ids: string[], search: PageSearch | null, valueKey?: string): BrowserRow[] {
  if (ids.length === 0) return [];
  const value = valueKey === undefined ? "" : ", json_extract(r.metadata, @path) AS value";
  const raw = sqlite.prepare(
    `SELECT ${ROLLOUT_ROW_COLUMNS}, ${ROLLOUT_TOKENS_SQL} AS tokens${value}
       ${ROLLOUT_ROW_JOINS}
      WHERE r.id IN (SELECT value FROM json_each(@ids))`,
  ).all({ ids: JSON.stringify(ids), ...(valueKey === undefined ? {} : { path: valuePath(valueKey) }) }) as RawRow[];
  const byId = new Map(raw.map((r) => [r.id, r]));
  const matches = search ? searchMatches(sqlite, ids, search) : new Map<string, SearchMatch>();
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const { value: number, ...stored } = r;
    const row = decodeRolloutRow(stored);
    const extra = valueKey === undefined ? {} : { value: typeof number === "number" ? number : null };
    return [{ ...row, ...extra, outcome: outcomeOf(row), match: matches.get(id) ?? null }];
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
