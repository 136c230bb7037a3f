// Backup figures of issue 8: how fast `harness-lab backup` copies a store of N rollouts while the production
// server serves it and keeps receiving events, and what the backup costs ingestion: the p95 latency of
// POST /api/v1/events during backups against the p95 without one. The backup runs as the real CLI in its own
// process, as an operator's cron job would; the producers run here, on the event loop the backup never blocks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { openStore } from "../../db/client";
import { applyEvents } from "../../db/apply-events";
import { benchRollout, benchSetupEvents } from "./synthetic-rollouts";
import { startProductionServer } from "./server-process";
import { median, percentile } from "./percentile";
import { benchAgent, postEvents } from "./post-events";

export interface BackupBenchOptions {
  home: string;
  /** CI's reduced form: a small store, short phases, fewer backups. */
  quick: boolean;
}

interface Sample {
  start: number;
  end: number;
}

interface BackupRun {
  seconds: number;
  bytes: number;
  pages: number;
  restarts: number;
  rollouts: number;
  phases: { copy: number; verify: number; sync: number };
  window: [number, number];
}

/** A store of `rollouts` bench rollouts (30 turns of ~1 KB), written straight into the file before the server starts. */
function seed(file: string, rollouts: number): void {
  const store = openStore(file);
  try {
    const check = (o: ReturnType<typeof applyEvents>) => {
      if (!o.ok) throw new Error(`backup bench: seeding failed: ${JSON.stringify(o.errors).slice(0, 300)}`);
    };
    check(applyEvents(store, benchSetupEvents("seed")));
    for (let i = 0; i < rollouts; i += 100) check(applyEvents(store, Array.from({ length: Math.min(100, rollouts - i) }, (_, k) => benchRollout("seed", i + k))));
  } finally {
    store.sqlite.close();
  }
}

/**
 * Producers posting one rollout per request, each at most one request every `everyMs` (a trainer's steady
 * stream, not a flood: flat out, two cores are saturated and the store balloons), until `stop()`.
 * Every request's start and end are kept.
 */
function startProducers(url: string, token: string, producers: number, firstId: number, everyMs: number) {
  let running = true;
  let next = firstId;
  const samples: Sample[] = [];
  const loop = async () => {
    while (running) {
      const body = Buffer.from(JSON.stringify([benchRollout("live", next++)]));
      const start = now();
      await postEvents(url, token, body);
      samples.push({ start, end: now() });
      await sleep(Math.max(0, start + everyMs - now()));
    }
  };
  const done = Promise.all(Array.from({ length: producers }, loop));
  return {
    samples,
    get next() {
      return next;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

/** `harness-lab backup FILE --db STORE --json` in its own process; its figures, and when its copy ran. */
function runBackupCli(home: string, store: string, file: string): Promise<BackupRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(home, "bin", "harness-lab.mjs"), "backup", file, "--db", store, "--json"], { cwd: home, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`backup bench: the backup exited ${code}: ${err.slice(-1000)}`));
      const result = JSON.parse(out.trim().split("\n").pop()!) as { seconds: number; restarts: number; finishedAt: number; phases: BackupRun["phases"]; facts: { bytes: number; pages: number; rollouts: number } };
      resolve({
        seconds: result.seconds,
        bytes: result.facts.bytes,
        pages: result.facts.pages,
        restarts: result.restarts,
        phases: result.phases,
        rollouts: result.facts.rollouts,
        window: [result.finishedAt - result.seconds * 1000, result.finishedAt],
      });
    });
  });
}

const rolloutCount = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM rollouts").pluck().get() as number;
  } finally {
    db.close();
  }
};

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export async function runBackupBench({ home, quick }: BackupBenchOptions): Promise<Record<string, unknown>> {
  const sizes = quick ? { rollouts: 300, warmSeconds: 1, idleSeconds: 1.5, backups: 3, producers: 2, everyMs: 50 } : { rollouts: 6000, warmSeconds: 3, idleSeconds: 4, backups: 5, producers: 2, everyMs: 50 };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-backup-"));
  const store = path.join(dir, "served.db");
  seed(store, sizes.rollouts);
  const token = `hl_bench_${Math.random().toString(36).slice(2)}`;
  const server = await startProductionServer(home, { HARNESS_LAB_DB: store, HARNESS_LAB_ADMIN_TOKEN: token, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1" });
  try {
    await postEvents(server.url, token, Buffer.from(JSON.stringify(benchSetupEvents("live"))));
    // Warm the server's JIT on requests that are not counted.
    const warm = startProducers(server.url, token, sizes.producers, 0, sizes.everyMs);
    await sleep(sizes.warmSeconds * 1000);
    await warm.stop();

    // Quiet stretches and backups alternate under one steady stream of producers, so a shared machine's
    // drift lands on both sides of the comparison.
    const producers = startProducers(server.url, token, sizes.producers, warm.next, sizes.everyMs);
    const idleWindows: [number, number][] = [];
    const runs: BackupRun[] = [];
    const torn: string[] = [];
    for (let b = 0; b < sizes.backups; b++) {
      const quietFrom = now();
      await sleep(sizes.idleSeconds * 1000);
      idleWindows.push([quietFrom, now()]);
      const file = path.join(dir, `backup-${b}.db`);
      const before = rolloutCount(store);
      const run = await runBackupCli(home, store, file);
      const after = rolloutCount(store);
      // The copy is one moment of the store: no fewer rollouts than before it began, no more than after.
      if (run.rollouts < before || run.rollouts > after) torn.push(`backup ${b}: ${run.rollouts} rollouts, store had ${before}..${after}`);
      runs.push(run);
      fs.rmSync(file, { force: true });
    }
    await producers.stop();

    const latency = (s: Sample) => s.end - s.start;
    const during = producers.samples.filter((s) => runs.some((r) => s.start < r.window[1] && s.end > r.window[0])).map(latency);
    const idleLatency = producers.samples.filter((s) => idleWindows.some(([from, to]) => s.start >= from && s.end <= to)).map(latency);
    const mb = (bytes: number) => bytes / 1024 / 1024;
    const p95Idle = percentile(idleLatency, 95);
    const p95During = percentile(during, 95);
    return {
      backup_store_rollouts: runs[runs.length - 1]!.rollouts,
      backup_store_mb: round(mb(runs[runs.length - 1]!.bytes)),
      backup_pages: runs[runs.length - 1]!.pages,
      backup_runs: runs.length,
      backup_seconds_median: round(median(runs.map((r) => r.seconds)), 3),
      backup_mb_per_s: round(median(runs.map((r) => mb(r.bytes) / r.seconds))),
      // Where the time goes: the online copy, integrity_check of the copy, fsync + rename.
      backup_copy_mb_per_s: round(median(runs.map((r) => mb(r.bytes) / r.phases.copy))),
      backup_verify_seconds_median: round(median(runs.map((r) => r.phases.verify)), 3),
      backup_sync_seconds_median: round(median(runs.map((r) => r.phases.sync)), 3),
      backup_restarts_max: Math.max(...runs.map((r) => r.restarts)),
      backup_copies_inconsistent: torn.length,
      ...(torn.length ? { backup_inconsistencies: torn } : {}),
      backup_ingest_producers: sizes.producers,
      backup_ingest_requests_per_s_offered: (sizes.producers * 1000) / sizes.everyMs,
      backup_ingest_p50_idle_ms: round(percentile(idleLatency, 50)),
      backup_ingest_p95_idle_ms: round(p95Idle),
      backup_ingest_p50_during_backup_ms: round(percentile(during, 50)),
      backup_ingest_p95_during_backup_ms: round(p95During),
      backup_ingest_p95_ratio: round(p95During / p95Idle, 2),
      backup_ingest_samples_idle: idleLatency.length,
      backup_ingest_samples_during_backup: during.length,
    };
  } finally {
    benchAgent.destroy();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
