// `harness-lab maintain`: store upkeep that is safe while the server runs. Indexes every turn still missing
// from the full-text index and merges the index's segments into one (each search probes every segment),
// in short steps so the server's writes interleave with them. `harness-lab backup` does the same first.
import { defaultDatabaseFile, openStore } from "../../../db/client";
import { compactFullTextIndex, fullTextSegmentCount } from "../../../db/full-text-index";
import { parseCommandArgs } from "../command-args";

const USAGE = `usage: harness-lab maintain [--db STORE]

Brings the full-text index up to date and merges it into one segment (searches get faster), while the
server may keep serving and writing.

  --db STORE   the store (default: $HARNESS_LAB_DB, else ./data/harness-lab.db)
`;

/** Compacts the full-text index of the store file; returns what it did, for the caller to print. */
export function maintainStore(file: string): { indexed: number; mergeSteps: number; segmentsBefore: number; segmentsAfter: number; seconds: number } {
  const started = performance.now();
  const store = openStore(file);
  try {
    const segmentsBefore = fullTextSegmentCount(store);
    const { indexed, mergeSteps } = compactFullTextIndex(store);
    return { indexed, mergeSteps, segmentsBefore, segmentsAfter: fullTextSegmentCount(store), seconds: (performance.now() - started) / 1000 };
  } finally {
    store.sqlite.close();
  }
}

export function describeMaintenance(m: ReturnType<typeof maintainStore>): string {
  return `full-text index: ${m.indexed} turn(s) indexed, ${m.segmentsBefore} → ${m.segmentsAfter} segment(s) in ${m.mergeSteps} merge step(s), ${m.seconds.toFixed(1)} s`;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs("maintain", USAGE, args, { db: { type: "string" } });
  if (!parsed.ok) return parsed.exit;
  const { values, positionals, fail } = parsed;
  if (positionals.length) return fail(`unexpected argument ${positionals[0]}`);
  if (values.db === "") return fail("--db needs a STORE path");
  const file = values.db ?? defaultDatabaseFile();
  if (file === ":memory:") return fail("--db: an in-memory store has nothing to maintain");
  process.stdout.write(`${describeMaintenance(maintainStore(file))}\n`);
  return 0;
}
