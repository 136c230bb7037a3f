// The parts of an Inspect AI `.eval` archive a reader needs (inspect_ai/log/_recorders/eval.py): the
// log header (`header.json`, written when the eval finishes; `_journal/start.json` while it still runs)
// and one `samples/<id>_epoch_<n>.json` per sample and epoch. Summaries, reductions and the journal's
// summaries repeat what the samples hold and are not inflated.
//
// Zip-bomb guard (bounded-unzip.ts): entries are inflated one at a time, each parsed before the next is
// inflated, against the per-entry and per-archive budgets of lib/services/importers/limits.ts; an entry over a
// budget is a problem naming it, found before it is inflated (or, when it lies about its size, as soon
// as it passes its declaration).
import { MAX_EVAL_ARCHIVE_BYTES, MAX_EVAL_ENTRY_BYTES } from "../limits";
import { ImportProblem } from "../types";
import { ArchiveInflater, listZipEntries, ZipBudgetError, ZipFormatError, type InflateBudget, type ZipEntry } from "./bounded-unzip";
import { parseJsonText, problem } from "./untrusted-json";

const HEADER = "header.json";
const JOURNAL_START = "_journal/start.json";
const SAMPLE_ENTRY = /^samples\/[^/]+\.json$/;

export const EVAL_BUDGET: InflateBudget = { maxEntryBytes: MAX_EVAL_ENTRY_BYTES, maxTotalBytes: MAX_EVAL_ARCHIVE_BYTES };

export interface EvalArchive {
  /** The EvalLog without samples (header.json), or the journal's start record of an unfinished eval. */
  header: unknown;
  headerField: string;
  samples: Array<{ value: unknown; field: string }>;
}

function wanted(name: string): boolean {
  return name === HEADER || name === JOURNAL_START || SAMPLE_ENTRY.test(name);
}

function notReadable(error: unknown): never {
  return problem("file", `not a readable zip: ${error instanceof Error ? error.message : String(error)}`);
}

function wantedEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  let entries: ZipEntry[];
  try {
    entries = listZipEntries(bytes);
  } catch (error) {
    return notReadable(error);
  }
  const found = new Map<string, ZipEntry>();
  for (const entry of entries) {
    if (!wanted(entry.name) || found.has(entry.name)) continue;
    if (entry.method !== 0 && entry.method !== 8) {
      const method = entry.method === 93 ? "93 (zstd)" : String(entry.method);
      throw new ImportProblem(entry.name, `compressed with method ${method}, which this importer cannot inflate; convert the log to .json with \`inspect log convert\``);
    }
    found.set(entry.name, entry);
  }
  return found;
}

function entryJson(inflater: ArchiveInflater, entry: ZipEntry): unknown {
  let data: Uint8Array;
  try {
    data = inflater.inflate(entry);
  } catch (error) {
    if (error instanceof ZipBudgetError) throw new ImportProblem(error.entry, error.reason);
    if (error instanceof ZipFormatError) return notReadable(error);
    throw error;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return problem(entry.name, "not UTF-8 text");
  }
  return parseJsonText(text, entry.name);
}

export function readEvalArchive(bytes: Uint8Array, budget: InflateBudget = EVAL_BUDGET): EvalArchive {
  const entries = wantedEntries(bytes);
  const headerName = entries.has(HEADER) ? HEADER : entries.has(JOURNAL_START) ? JOURNAL_START : undefined;
  if (headerName === undefined) problem(HEADER, `missing: the archive holds neither ${HEADER} nor ${JOURNAL_START}`);
  const inflater = new ArchiveInflater(bytes, budget);
  const header = entryJson(inflater, entries.get(headerName)!);
  const samples = [...entries.keys()].filter((name) => SAMPLE_ENTRY.test(name)).sort()
    .map((name) => ({ value: entryJson(inflater, entries.get(name)!), field: name }));
  return { header, headerField: headerName, samples };
}
