// Find in a trajectory: case-insensitive literal matching over the fields of every turn (on the server,
// where the full texts are), and cutting a field's text into plain and highlighted pieces (in the browser).
import type { FindMatch } from "./types";

export const MAX_FIND_MATCHES = 5_000;
export const MAX_QUERY_LENGTH = 200;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A matcher for the query as typed: literal, case-insensitive; null for an empty query. */
export function queryPattern(query: string): RegExp | null {
  return query.length === 0 ? null : new RegExp(escapeRegExp(query), "giu");
}

/** [start, end) of each non-overlapping match in `text`, at most `limit`. */
export function findInText(text: string, pattern: RegExp, limit = Number.POSITIVE_INFINITY): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null && ranges.length < limit; m = pattern.exec(text)) {
    ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

export interface SearchableTurn {
  idx: number;
  fields: Array<[key: string, text: string]>;
}

/** Every match in turn order, then field order, then position; `truncated` when capped at `limit`. */
export function findInTurns(turns: Iterable<SearchableTurn>, query: string, limit = MAX_FIND_MATCHES): { matches: FindMatch[]; truncated: boolean } {
  const pattern = queryPattern(query);
  const matches: FindMatch[] = [];
  if (!pattern) return { matches, truncated: false };
  for (const turn of turns) {
    for (const [key, text] of turn.fields) {
      for (const [start, end] of findInText(text, pattern, limit + 1 - matches.length)) matches.push([turn.idx, key, start, end]);
      if (matches.length > limit) return { matches: matches.slice(0, limit), truncated: true };
    }
  }
  return { matches, truncated: false };
}

export interface TextPiece {
  text: string;
  /** Offset of the piece in the whole text. */
  start: number;
  mark: boolean;
  active: boolean;
}

/**
 * `text` (which starts at `offset` in its field) cut into pieces at the given match ranges (field
 * coordinates, sorted). Ranges reaching outside the text are clipped, so a slice of a long field
 * highlights the part of a match it holds.
 */
export function highlightPieces(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
  active: readonly [number, number] | null,
  offset = 0,
): TextPiece[] {
  const pieces: TextPiece[] = [];
  const end = offset + text.length;
  let at = offset;
  for (const [rawStart, rawEnd] of ranges) {
    const start = Math.max(rawStart, at);
    const stop = Math.min(rawEnd, end);
    if (stop <= start) continue;
    if (start > at) pieces.push({ text: text.slice(at - offset, start - offset), start: at, mark: false, active: false });
    const isActive = active !== null && active[0] === rawStart && active[1] === rawEnd;
    pieces.push({ text: text.slice(start - offset, stop - offset), start, mark: true, active: isActive });
    at = stop;
  }
  if (at < end || pieces.length === 0) pieces.push({ text: text.slice(at - offset), start: at, mark: false, active: false });
  return pieces;
}

/** The ranges (sorted, non-overlapping) that overlap [start, end), found by binary search. */
export function rangesOverlapping<R extends readonly [number, number]>(ranges: readonly R[], start: number, end: number): R[] {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid][1] <= start) lo = mid + 1;
    else hi = mid;
  }
  const found: R[] = [];
  for (let i = lo; i < ranges.length && ranges[i][0] < end; i++) found.push(ranges[i]);
  return found;
}
