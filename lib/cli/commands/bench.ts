// `harness-lab bench` (npm run bench): every benchmark, one JSON object as the last line of output.
// Figures are measured against their baseline in the same run; the machine is shared and noisy.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { projectHome } from "../../../db/client";
import { runIngestBench } from "../../bench/ingest-bench";
import { runPythonClientBench } from "../../bench/python-client-bench";
import { environmentEpisodesPerSecond, referenceRunSeconds } from "../../bench/demo-bench";
import { benchTaskEnvironment } from "../../demo/tasks/bench";
import { runImportBench } from "../../bench/import-bench";
import { runViewerBench } from "../../bench/viewer-run";
import { runPageUsableBench } from "../../bench/page-usable-bench";
import { runBrowserBench } from "../../bench/browser-bench";
import { runCurvesBench } from "../../bench/curves-bench";
import { runEvalMatrixBench } from "../../bench/eval-matrix-bench";
import { runHarnessR1Bench } from "../../bench/harness-r1-bench";
import { referenceScienceFigures } from "../../bench/reference-science-bench";
import { runPass1CurvesBench } from "../../bench/pass-at-1-curves-bench";
import { runHistoryCostBench } from "../../bench/history-cost-bench";
import { runJobsBench } from "../../bench/jobs-bench";
import { runExportBench } from "../../bench/export-bench";
import { runBackupBench } from "../../bench/backup-bench";
import { runConcurrency } from "../../reliability/concurrency";

/** One benchmark's figures, announced on stderr first (each takes a while). */
async function results(name: string, bench: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  process.stderr.write(`bench: ${name}…\n`);
  return bench();
}

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { quick: { type: "boolean", default: false } } });
  const home = projectHome();
  if (!fs.existsSync(path.join(home, ".next", "BUILD_ID"))) {
    process.stderr.write("bench: no production build yet, running `next build`…\n");
    const build = spawnSync(process.execPath, [path.join(home, "node_modules", "next", "dist", "bin", "next"), "build"], { cwd: home, stdio: "inherit" });
    if (build.status !== 0) return build.status ?? 1;
  }
  const quick = values.quick;
  process.stderr.write("bench: ingestion (HTTP vs raw insert, then a large streamed body)…\n");
  const ingest = await runIngestBench({
    home,
    rollouts: quick ? 300 : 1500,
    rounds: quick ? 1 : 5,
    batchSize: 100,
    producers: 4,
    bigBodyBytes: (quick ? 20 : 200) * 1024 * 1024,
  });
  process.stderr.write("bench: the reference experiment (environment speed, then whole runs)…\n");
  const taskEnvironment = benchTaskEnvironment({ calls: quick ? 200 : 1000 });
  const episodesPerSecond = Math.round(environmentEpisodesPerSecond(quick ? 1 : 3));
  const small = await referenceRunSeconds("small");
  const full = quick ? null : await referenceRunSeconds("default");
  // What the experiment shows, seeds 1–3 at the default size (minutes: three runs plus 30 comparisons each).
  const science = [];
  if (!quick) {
    for (const seed of [1, 2, 3]) {
      process.stderr.write(`bench: what the reference experiment shows, seed ${seed}…\n`);
      science.push(await referenceScienceFigures(seed));
    }
  }
  const result = {
    machine: { cpus: os.cpus().length, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    quick,
    ...ingest,
    ...(await results("Python client vs TypeScript client (rollouts/s, time log_rollout blocks)", () =>
      runPythonClientBench({ home, rollouts: quick ? 300 : 1500, rounds: quick ? 1 : 3 }))),
    ...(await runImportBench({ home, trajectories: quick ? 100 : 500, bytesEach: 200 * 1024 })),
    ...(await runViewerBench({ home, longBytes: 7_000_000, runs: quick ? 2 : 5 })),
    demo_build_default_suites_ms: Math.round(taskEnvironment.buildSuitesMs),
    demo_run_tests_ms_per_call: Math.round(taskEnvironment.runTestsMsPerCall * 100) / 100,
    demo_environment_episodes_per_s: episodesPerSecond,
    demo_small_seconds: small.total,
    demo_small_phases_seconds: small.phases,
    demo_small_rollouts: small.rollouts,
    ...(full ? { demo_default_seconds: full.total, demo_default_phases_seconds: full.phases, demo_default_rollouts: full.rollouts } : {}),
    ...(science.length ? { reference_science: science } : {}),
    ...runBrowserBench(quick ? { rollouts: 100_000, queries: 200, searchRollouts: 10_000, searches: 100 } : { rollouts: 1_000_000, queries: 200, searchRollouts: 100_000, searches: 100 }),
    ...(await results("time to usable content of the main pages", () => runPageUsableBench({ home, runs: quick ? 3 : 5 }))),
    ...(await results("curves", () => runCurvesBench({ quick }))),
    ...(await results("evaluation matrix", () => runEvalMatrixBench({ quick }))),
    ...(await results("pass@1 curves", () => runPass1CurvesBench({ quick }))),
    ...(await results("Harness-R1 views", () => runHarnessR1Bench({ quick }))),
    ...(await results("harness history and cost", () => runHistoryCostBench({ quick }))),
    ...(await results("jobs (local and Slurm)", () => runJobsBench({ quick }))),
    ...(await results("export and import of an experiment", async () => {
      const figures = await runExportBench({ quick });
      return {
        export_import_rollouts: figures.rollouts,
        export_rollouts_per_s: figures.export_rollouts_per_s,
        import_rollouts_per_s: figures.import_rollouts_per_s,
        export_directory_mb: figures.directory_mb,
        export_import_differences: figures.differences,
      };
    })),
    ...(await results("backup while serving", () => runBackupBench({ home, quick }))),
    ...(await results("concurrency (32 producers and the heaviest pages against the browser query)", async () => {
      const part = await runConcurrency({ home, quick, seed: 1, log: (line) => process.stderr.write(`bench: ${line}\n`) });
      return { ...Object.fromEntries(Object.entries(part.figures).map(([key, value]) => [`concurrency_${key}`, value])), concurrency_failures: part.failures };
    })),
    targets: {
      ingest_http_vs_raw_ratio: ">= 0.5", server_peak_rss_during_big_body_mb: "< 1024",
      python_vs_ts_client_ratio: ">= 0.8", python_log_rollout_block_p99_ms: "< 1 (30-turn rollout)",
      demo_small_seconds: "< 20", demo_default_seconds: "< 120",
      reference_science: "per seed: pass_at_1.gain_pp >= 8; training pass rate up, truncation down; protocol.aa.accepted <= 2 of 20; protocol.real_gain.accepted >= 8 of 10",
      import_real_folder_ms: "< 2000", import_synthetic_ms: "< 20000",
      browser_query_p95_ms: "< 50", browser_search_p95_ms: "< 200",
      viewer_real_2mb_interactive_ms: "< 1500", viewer_dom_long_vs_real_ratio: "bounded (about 1)",
      pages_usable_ms: "< 1000 each (home, overview, trajectories, matrix) on a quiet machine; proposal_diff < 1500",
      curves_query_100k_p95_ms: "< 100", curves_page_10_series_drawn_median_ms: "< 1000", eval_matrix_p95_ms: "< 300", pass1_curves_p95_ms: "< 300",
      harness_r1_page_p95_ms: "< 300", cost_page_max_ms: "< 500", history_page_max_ms: "< 300",
      jobs_local_launch_to_running_ms_p95: "< 500", jobs_slurm_submit_to_succeeded_ms_max: "< 5000",
      export_import_differences: "= 0", backup_copies_inconsistent: "= 0", backup_ingest_p95_ratio: "< 3",
      concurrency_sqlite_busy_seen_by_clients: "= 0", concurrency_responses_5xx: "= 0",
      concurrency_browser_query_load_vs_idle_p95_ratio: "<= 2 (issue 19: writes in the writer thread)", concurrency_heavy_page_p95_ms: "< 500",
    },
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return 0;
}
