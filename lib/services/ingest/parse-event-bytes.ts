// Turns the bytes of a whole (in-memory sized) request body into validated events and their content
// hashes. Pure, so it runs the same in the request thread and in the ingestion worker.
import { validateEvent, type EventProblem, type HarnessLabEvent } from "../../events/contract";
import { eventHash } from "../../events/canonical-json";
import { splitEventBytes } from "./split-event-bytes";
import type { PackedJson } from "./pure/packed-json";

/** Most problems one response lists; a body with thousands of bad events does not need thousands of lines. */
export const MAX_PROBLEMS = 100;

export type ParsedEvents =
  // `packed` and `count`: from the parse worker, whose events stay JSON text (one buffer, a text per event)
  // until someone reads `events`.
  | { ok: true; events: HarnessLabEvent[]; hashes: string[]; packed?: PackedJson; count?: number }
  // `unavailable`: not the body's fault — the parse worker stopped with it (answered 503, send again).
  | { ok: false; error: string; errors?: EventProblem[]; unavailable?: true };

const decoder = new TextDecoder("utf-8", { fatal: true });

/** The one-line summary of a refused body: how many problems, and the first in words. */
export function summarizeProblems(problems: EventProblem[]): string {
  const n = problems.length;
  const first = problems[0];
  const where = `event ${first.index}${first.path ? ` field ${first.path}` : ""}`;
  return `${n}${n >= MAX_PROBLEMS ? "+" : ""} problem${n === 1 ? "" : "s"} in the events, nothing was written; first: ${where}: ${first.message}`;
}

function jsonProblem(index: number, error: unknown): EventProblem {
  return { index, path: "", message: `event is not valid JSON: ${(error as Error).message.slice(0, 200)}` };
}

/** JSON array or NDJSON; one native JSON.parse (or one per line) is much faster than scanning bytes in JS. */
function parseValues(text: string): { values: unknown[]; problems: EventProblem[] } | { error: string } {
  const trimmed = text.trimStart();
  if (trimmed.startsWith("[")) {
    try {
      return { values: JSON.parse(trimmed) as unknown[], problems: [] };
    } catch (error) {
      return { error: `the body is not valid JSON: ${(error as Error).message.slice(0, 200)}` };
    }
  }
  if (trimmed && !trimmed.startsWith("{")) return { error: "the body must be a JSON array of events or NDJSON (one event object per line)" };
  const values: unknown[] = [];
  const problems: EventProblem[] = [];
  for (const line of trimmed.split("\n")) {
    if (!line.trim()) continue;
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      if (problems.length < MAX_PROBLEMS) problems.push(jsonProblem(values.length, error));
      values.push(undefined);
    }
  }
  return { values, problems };
}

/**
 * Each event of a plain body decoded and parsed on its own (see split-event-bytes.ts for why); null when the
 * body is not of that shape or any piece is not valid UTF-8 or JSON: the whole body is then parsed as one, so
 * the refusal reads as it always did.
 */
function parsePieces(bytes: Uint8Array): unknown[] | null {
  const pieces = splitEventBytes(bytes);
  if (!pieces?.length) return null;
  const values: unknown[] = new Array(pieces.length);
  try {
    for (let i = 0; i < pieces.length; i++) values[i] = JSON.parse(decoder.decode(pieces[i]));
  } catch {
    return null;
  }
  return values;
}

function parseWhole(bytes: Uint8Array): { values: unknown[]; problems: EventProblem[] } | { error: string } {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { error: "the body is not valid UTF-8" };
  }
  return parseValues(text);
}

/** `whole`: parse the body as one text, never split (the reference the tests compare the split path with). */
export function parseEventBytes(bytes: Uint8Array, options: { whole?: boolean } = {}): ParsedEvents {
  const pieces = options.whole ? null : parsePieces(bytes);
  const parsed = pieces ? { values: pieces, problems: [] as EventProblem[] } : parseWhole(bytes);
  if ("error" in parsed) return { ok: false, error: parsed.error };
  const { values, problems } = parsed;
  const events: HarnessLabEvent[] = [];
  const hashes: string[] = [];
  const unparsable = new Set(problems.map((p) => p.index));
  for (let index = 0; index < values.length && problems.length < MAX_PROBLEMS; index++) {
    if (unparsable.has(index)) continue;
    const result = validateEvent(values[index], index);
    if (!result.ok) problems.push(...result.problems.slice(0, MAX_PROBLEMS - problems.length));
    else if (!problems.length) {
      events.push(result.event);
      hashes.push(eventHash(result.event));
    }
  }
  if (problems.length) {
    problems.sort((a, b) => a.index - b.index);
    return { ok: false, error: summarizeProblems(problems), errors: problems };
  }
  if (!events.length) return { ok: false, error: "the body holds no events" };
  return { ok: true, events, hashes };
}
