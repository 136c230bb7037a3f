// manifest.json of an export directory: what it holds, so a reader knows before syncing it. Written last,
// after every event file is closed and synced, so a directory with a manifest is a complete export.
import fs from "node:fs";
import path from "node:path";
import packageJson from "../../../package.json" with { type: "json" };
import { CONTRACT_VERSION } from "../../events/contract";

export const EXPORT_FORMAT = "harness-lab event log v1";
export const MANIFEST_FILE = "manifest.json";

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  contract: typeof CONTRACT_VERSION;
  experiment: { id: string; name: string; method: string };
  /** Events per type, in the order the types were written. */
  counts: Record<string, number>;
  events: number;
  /** The event log files in the order `harness-lab sync` applies them. */
  files: string[];
  created_at: string;
  harness_lab_version: string;
  /** How to load it, for whoever finds the directory. */
  import: string;
}

export function buildManifest(input: Pick<ExportManifest, "experiment" | "counts" | "files"> & { now: number }): ExportManifest {
  return {
    format: EXPORT_FORMAT,
    contract: CONTRACT_VERSION,
    experiment: input.experiment,
    counts: input.counts,
    events: Object.values(input.counts).reduce((a, b) => a + b, 0),
    files: input.files,
    created_at: new Date(input.now).toISOString(),
    harness_lab_version: packageJson.version,
    import: "harness-lab sync DIR --db FILE (or --server URL --token T): applies the events-*.jsonl files in name order",
  };
}

export function writeManifest(dir: string, manifest: ExportManifest): void {
  const file = path.join(dir, MANIFEST_FILE);
  fs.writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`, { flag: "wx", mode: 0o600 });
}
