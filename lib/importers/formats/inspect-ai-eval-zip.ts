// The parts of an Inspect AI `.eval` archive a reader needs (inspect_ai/log/_recorders/eval.py): the
// log header (`header.json`, written when the eval finishes; `_journal/start.json` while it still runs)
// and one `samples/<id>_epoch_<n>.json` per sample and epoch. Summaries, reductions and the journal's
// summaries repeat what the samples hold and are not inflated.
import { unzipSync } from "fflate";
import { ImportProblem } from "../types";
import { parseJsonText, problem } from "./untrusted-json";

// Zip-bomb guard: every entry's declared size is checked before anything is inflated, and fflate inflates
// an entry into a buffer of exactly its declared size, so an entry that lies about its size cannot grow
// past it. A sample of an agentic eval is a few MB; these caps leave room for very long ones.
export const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
export const MAX_TOTAL_BYTES = 1024 * 1024 * 1024;

const HEADER = "header.json";
const JOURNAL_START = "_journal/start.json";
const SAMPLE_ENTRY = /^samples\/[^/]+\.json$/;

export interface EvalArchive {
  /** The EvalLog without samples (header.json), or the journal's start record of an unfinished eval. */
  header: unknown;
  headerField: string;
  samples: Array<{ value: unknown; field: string }>;
}

function wanted(name: string): boolean {
  return name === HEADER || name === JOURNAL_START || SAMPLE_ENTRY.test(name);
}

function inflateEntries(bytes: Uint8Array): Record<string, Uint8Array> {
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter(entry) {
        if (!wanted(entry.name)) return false;
        if (entry.compression !== 0 && entry.compression !== 8) {
          const method = entry.compression === 93 ? "93 (zstd)" : String(entry.compression);
          throw new ImportProblem(entry.name, `compressed with method ${method}, which this importer cannot inflate; convert the log to .json with \`inspect log convert\``);
        }
        if (entry.originalSize > MAX_ENTRY_BYTES) {
          throw new ImportProblem(entry.name, `declares ${entry.originalSize} bytes uncompressed, more than the ${MAX_ENTRY_BYTES} allowed per entry`);
        }
        total += entry.originalSize;
        if (total > MAX_TOTAL_BYTES) {
          throw new ImportProblem("file", `declares more than ${MAX_TOTAL_BYTES} bytes uncompressed in all, more than allowed for one archive`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ImportProblem) throw error;
    return problem("file", `not a readable zip: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function entryJson(name: string, data: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return problem(name, "not UTF-8 text");
  }
  return parseJsonText(text, name);
}

export function readEvalArchive(bytes: Uint8Array): EvalArchive {
  const entries = inflateEntries(bytes);
  const headerName = HEADER in entries ? HEADER : JOURNAL_START in entries ? JOURNAL_START : undefined;
  if (headerName === undefined) problem(HEADER, `missing: the archive holds neither ${HEADER} nor ${JOURNAL_START}`);
  const samples = Object.keys(entries).filter((name) => SAMPLE_ENTRY.test(name)).sort()
    .map((name) => ({ value: entryJson(name, entries[name]), field: name }));
  return { header: entryJson(headerName, entries[headerName]), headerField: headerName, samples };
}
