// Which reader reads a file, and what comes of it. Each file is peeked once (UTF-8 text, JSON when the name
// says JSON), offered to the readers IN THE ORDER GIVEN (ALL_READERS in formats/index.ts: the first whose
// detect() is true wins, so narrower readers come first), and read. A reader's ImportProblem becomes a
// report line naming the field; any other exception is a bug in the reader: it is logged and the file gets
// a generic line. Nothing a file contains can abort the whole import.
import { ImportProblem, type FormatReader, type InputFile, type ParsedFile, type PeekedFile } from "./types";
import { errorWithStack, logLine } from "../../log-text";
import { closestFormat, describeResemblance, describeUnknownShape, isClearMajority } from "./closest-format";

export const UNKNOWN_FORMAT_REASON = "not a recognised trajectory, log or report format";
export const EMPTY_FILE_REASON = "the file is empty: nothing to import";

export type ReadOutcome =
  | { ok: true; format: string; parsed: ParsedFile; text: string | null }
  | { ok: false; format: string | null; field: string; reason: string };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Names whose content is one JSON document. JSONL (one value per line) is left to the readers. */
export function isJsonName(name: string): boolean {
  return /\.(json|traj)$/i.test(name);
}

export interface Peek extends PeekedFile {
  /** Why a JSON-named file did not parse; reported when no reader takes the file either. */
  jsonError?: string;
}

export function peekFile(file: InputFile): Peek {
  let text: string | null = null;
  try {
    text = utf8.decode(file.bytes);
  } catch {
    text = null;
  }
  let json: unknown = undefined;
  let jsonError: string | undefined;
  if (text !== null && isJsonName(file.name)) {
    try {
      json = JSON.parse(text);
    } catch (error) {
      jsonError = (error as Error).message;
    }
  }
  return { name: file.name, bytes: file.bytes, text, json, ...(jsonError ? { jsonError } : {}) };
}

/** The first reader that claims the file. A detect() that throws is a reader bug: logged and treated as "no". */
export function pickReader(file: PeekedFile, readers: readonly FormatReader[]): FormatReader | undefined {
  for (const reader of readers) {
    try {
      if (reader.detect(file)) return reader;
    } catch (error) {
      console.error(logLine`importer: reader ${reader.name} failed in detect() on ${file.name}: ${errorWithStack(error)}`);
    }
  }
  return undefined;
}

/** Peeks, picks and reads one file; never throws for anything the file contains. */
export function readImportFile(file: InputFile, readers: readonly FormatReader[]): ReadOutcome {
  const peek = peekFile(file);
  if (file.bytes.byteLength === 0 || (peek.text !== null && peek.text.trim() === "")) {
    return { ok: false, format: null, field: "file", reason: EMPTY_FILE_REASON };
  }
  const reader = pickReader(peek, readers);
  if (!reader) return readByResemblance(peek, readers);
  return readWith(reader, peek);
}

function readWith(reader: FormatReader, peek: Peek): ReadOutcome {
  let parsed: ParsedFile;
  try {
    parsed = reader.read(peek);
  } catch (error) {
    if (error instanceof ImportProblem) return { ok: false, format: reader.name, field: error.field, reason: error.reason };
    console.error(logLine`importer: reader ${reader.name} failed on ${peek.name}: ${errorWithStack(error)}`);
    return { ok: false, format: reader.name, field: "file", reason: `the ${reader.name} reader failed on this file (an internal error, logged)` };
  }
  if (!isParsedFile(parsed)) {
    console.error(logLine`importer: reader ${reader.name} returned a malformed result for ${peek.name}`);
    return { ok: false, format: reader.name, field: "file", reason: `the ${reader.name} reader failed on this file (an internal error, logged)` };
  }
  return { ok: true, format: parsed.format || reader.name, parsed, text: peek.text };
}

/**
 * No reader claimed the file. When most of it looks like one format, that reader parses it anyway and its parse
 * decides (it must yield turns, facts or verdicts); otherwise the refusal names the closest format and what did
 * not match. A file that resembles nothing keeps the plain reason, so a README beside the data is still skipped.
 */
function readByResemblance(peek: Peek, readers: readonly FormatReader[]): ReadOutcome {
  const closest = closestFormat(peek);
  const jsonPart = peek.jsonError ? `not valid JSON: ${peek.jsonError}` : undefined;
  if (!closest) {
    const shape = describeUnknownShape(peek);
    const reason = jsonPart ?? UNKNOWN_FORMAT_REASON;
    return { ok: false, format: null, field: "file", reason: shape && !jsonPart ? `${reason}: ${shape}` : reason };
  }
  const said = describeResemblance(closest);
  const reader = readers.find((r) => r.name === closest.reader);
  if (reader && !jsonPart && isClearMajority(closest)) {
    const outcome = readWith(reader, peek);
    if (outcome.ok && yieldsData(outcome.parsed)) return outcome;
    const why = outcome.ok ? "its reader found no turns, facts or verdicts in it" : `its reader says ${outcome.field}: ${outcome.reason}`;
    return { ok: false, format: null, field: outcome.ok ? "file" : outcome.field, reason: `${UNKNOWN_FORMAT_REASON}: it ${said}, but ${why}` };
  }
  return { ok: false, format: null, field: "file", reason: `${jsonPart ?? UNKNOWN_FORMAT_REASON}; it ${said}` };
}

function yieldsData(parsed: ParsedFile): boolean {
  return parsed.rollouts.some((r) => r.turns.length > 0) || parsed.facts.length > 0 || parsed.reports.some((r) => r.verdicts.length > 0);
}

/** A refusal because no reader took the file (with or without the closest format named after it). */
export function isUnrecognised(outcome: ReadOutcome): boolean {
  return !outcome.ok && outcome.format === null && (outcome.reason.startsWith(UNKNOWN_FORMAT_REASON) || outcome.reason === EMPTY_FILE_REASON);
}

function isParsedFile(value: unknown): value is ParsedFile {
  const p = value as ParsedFile | null;
  return typeof p === "object" && p !== null && Array.isArray(p.rollouts) && Array.isArray(p.facts) && Array.isArray(p.reports);
}
