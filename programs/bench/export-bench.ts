// Export and import speed (issue 8, backups and portability): a store with N bench rollouts (30 turns of ~1 KB,
// as the ingest bench) is exported with `exportExperiment` (every event checked against the contract) and the
// directory synced into an empty store (what `harness-lab sync DIR --db FILE` does). Rollouts per second each
// way, the directory's size, and a check that the copy equals the original (compareExperiments).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../db/client";
import { applyEvents } from "../../db/apply-events";
import { exportExperiment } from "../../lib/services/export/export-experiment";
import { compareExperiments } from "../../lib/services/export/compare-experiments";
import { syncDirectory } from "../../lib/services/sync/sync-directory";
import { benchRollout, benchSetupEvents } from "./synthetic-rollouts";

export interface ExportBenchResult {
  rollouts: number;
  export_rollouts_per_s: number;
  export_seconds: number;
  import_rollouts_per_s: number;
  import_seconds: number;
  directory_mb: number;
  differences: number;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function runExportBench(options: { quick?: boolean; rollouts?: number } = {}): Promise<ExportBenchResult> {
  const n = options.rollouts ?? (options.quick ? 2_000 : 20_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-export-"));
  const original = openStore(path.join(dir, "original.db"));
  const copy = openStore(path.join(dir, "copy.db"));
  try {
    const outcome = applyEvents(original, benchSetupEvents("xb"));
    if (!outcome.ok) throw new Error(`bench setup refused: ${JSON.stringify(outcome.errors)}`);
    for (let i = 0; i < n; i += 200) {
      const batch = Array.from({ length: Math.min(200, n - i) }, (_, k) => benchRollout("xb", i + k));
      const applied = applyEvents(original, batch);
      if (!applied.ok) throw new Error(`bench rollouts refused: ${JSON.stringify(applied.errors.slice(0, 2))}`);
    }
    const out = path.join(dir, "export");
    let start = performance.now();
    const exported = exportExperiment(original.sqlite, "xb-exp", out);
    const exportSeconds = (performance.now() - start) / 1000;
    if (!exported.ok) throw new Error(exported.error);

    start = performance.now();
    const synced = await syncDirectory({ dir: out, target: { kind: "db", store: copy } });
    const importSeconds = (performance.now() - start) / 1000;
    if (!synced.ok) throw new Error(synced.error);

    const bytes = exported.manifest.files.reduce((sum, f) => sum + fs.statSync(path.join(out, f)).size, 0);
    return {
      rollouts: n,
      export_rollouts_per_s: Math.round(n / exportSeconds),
      export_seconds: round(exportSeconds),
      import_rollouts_per_s: Math.round(n / importSeconds),
      import_seconds: round(importSeconds),
      directory_mb: round(bytes / 1e6),
      differences: compareExperiments(original.sqlite, copy.sqlite, "xb-exp", { limit: 10 }).length,
    };
  } finally {
    original.sqlite.close();
    copy.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
