// Ingestion figures of issue 2: rollouts/s through POST /api/v1/events against the production server,
// rollouts/s of a raw better-sqlite3 insert of the same rows into the same schema (measured in the same
// run, so the ratio survives a noisy machine), and the server's peak memory while a 200 MB body streams in.
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../db/client";
import { INSERT_ROLLOUT, INSERT_TURN } from "../../db/apply/rollout";
import { WAL_LIMIT_PAGES } from "../../db/writer/writer-messages";
import { benchRollout, benchSetupEvents } from "./synthetic-rollouts";
import { sampleMemory, startProductionServer, threadCpuTicks, ticksBetween, treeCpuTicks, treeRssBytes, waitForQuietServer } from "./server-process";
import { benchAgent, postEvents } from "./post-events";
import { median } from "./percentile";

export interface IngestBenchOptions {
  home: string;
  rollouts: number;
  batchSize: number;
  producers: number;
  rounds: number;
  /** 0 skips the large streamed body (a run that only wants the ratio). */
  bigBodyBytes: number;
}

/** Streams NDJSON rollouts until `bytes` have been sent, as a chunked body: the client never holds it whole. */
function postStreamingBody(url: string, token: string, prefix: string, bytes: number): Promise<{ status: number; body: string; rollouts: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/api/v1/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson", "transfer-encoding": "chunked" },
    });
    let sent = 0;
    let i = 0;
    request.on("response", (response) => {
      let body = "";
      response.on("data", (d: Buffer) => (body += d.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, rollouts: i, sent }));
    });
    request.on("error", reject);
    const setup = benchSetupEvents(prefix).map((e) => JSON.stringify(e)).join("\n") + "\n";
    sent += setup.length;
    request.write(setup);
    const pump = () => {
      while (sent < bytes) {
        const line = `${JSON.stringify(benchRollout(prefix, i++))}\n`;
        sent += line.length;
        if (!request.write(line)) return void request.once("drain", pump);
      }
      request.end();
    };
    pump();
  });
}

/** The triggers of migration 0011 that keep the per-step training counts on every write of `rollouts`. */
const STEP_COUNT_TRIGGERS = /^train_step_rates_/;

/**
 * The same rows into a fresh store of the same schema with prepared statements: the ceiling for ingestion.
 * `withoutStepTriggers`: the 0011 triggers dropped from that fresh store, to price them on the hot path.
 * `walLimitPages`: the connection's commits copy the WAL into the file only past that many pages, as the
 * server's writer thread does (its checkpoint thread copies it after); otherwise SQLite's default (1000).
 */
function rawInsertRate(rollouts: ReturnType<typeof benchRollout>[], batchSize: number, options: { withoutStepTriggers?: boolean; walLimitPages?: number } = {}): number {
  const { withoutStepTriggers = false, walLimitPages } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-raw-"));
  const store = openStore(path.join(dir, "raw.db"));
  try {
    if (walLimitPages !== undefined) store.sqlite.pragma(`wal_autocheckpoint = ${walLimitPages}`);
    if (withoutStepTriggers) {
      const triggers = store.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'rollouts'").pluck().all() as string[];
      const dropped = triggers.filter((name) => STEP_COUNT_TRIGGERS.test(name));
      if (dropped.length !== 4) throw new Error(`ingest bench: expected the 4 per-step count triggers on rollouts, found ${dropped.join(", ") || "none"}`);
      for (const name of dropped) store.sqlite.exec(`DROP TRIGGER "${name}"`);
    }
    const now = Date.now();
    const s = store.sqlite;
    s.prepare("INSERT INTO experiments (id, name, method, created_at, updated_at) VALUES ('raw-exp', 'raw', 'grpo', ?, ?)").run(now, now);
    s.prepare("INSERT INTO runs (id, experiment_id, kind, status, created_at, updated_at) VALUES ('raw-run', 'raw-exp', 'train', 'running', ?, ?)").run(now, now);
    const task = s.prepare("INSERT INTO tasks (id, key, benchmark, content_hash, created_at) VALUES (?, ?, 'bench', '-', ?)");
    for (let t = 0; t < 16; t++) task.run(`raw-task-${t}`, `raw-task-${t}`, now);
    const rollout = s.prepare(INSERT_ROLLOUT);
    const turn = s.prepare(INSERT_TURN);
    const hook = s.prepare("INSERT INTO hook_events (rollout_id, turn_idx, seq, position, hook, effect, message) VALUES (?, ?, ?, ?, ?, ?, ?)");
    const insertBatch = s.transaction((batch: typeof rollouts) => {
      for (const r of batch) {
        rollout.run(r.id, "raw-exp", "raw-run", `raw-task-${Number(r.id.split("-").pop()) % 16}`, null, null, r.purpose, null, r.step, r.group, r.sample_index,
          r.reward, r.success ? 1 : 0, null, 0, null, r.turns.length, null, null, null, null, null, "harness-lab", null, null, null, "-", now);
        r.turns.forEach((t, idx) => {
          turn.run(r.id, idx, t.role, t.content, null, null, t.observation, t.return_code, 0, null, null);
          (t.hooks ?? []).forEach((h, seq) => hook.run(r.id, idx, seq, h.position, h.hook ?? null, null, h.message ?? null));
        });
      }
    });
    const start = performance.now();
    for (let i = 0; i < rollouts.length; i += batchSize) insertBatch(rollouts.slice(i, i + batchSize));
    return rollouts.length / ((performance.now() - start) / 1000);
  } finally {
    store.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}


/** One round: the same rollouts through HTTP (several producers at once, as a trainer's rollout workers send) and raw. */
/** Raw inserts with and without the step-count triggers per round; the best of each is compared. */
const TRIGGER_SAMPLES = 3;

/**
 * How long the server must use no CPU before a timed phase: longer than the writer thread's pause after the
 * last write (500 ms) before it indexes the new turns for full-text search, so that work is done, not about to
 * start. With 400 ms the wait could end just before the indexing began, which then ran beside the raw insert
 * (70–190 ms of server CPU during it, against 10–20 ms with 1,500 ms) and, for the warm-up, beside the
 * first timed round.
 */
const SERVER_QUIET_MS = 1500;

async function ingestRound(url: string, token: string, prefix: string, options: IngestBenchOptions, serverPid: number) {
  const rollouts = Array.from({ length: options.rollouts }, (_, i) => benchRollout(prefix, i));
  await postEvents(url, token, Buffer.from(JSON.stringify(benchSetupEvents(prefix))));
  const bodies: Buffer[] = [];
  for (let i = 0; i < rollouts.length; i += options.batchSize) bodies.push(Buffer.from(JSON.stringify(rollouts.slice(i, i + options.batchSize))));
  // Every timed HTTP phase starts on an idle server: not beside the indexing the last round (or the warm-up) left.
  await waitForQuietServer(serverPid, { quietMs: SERVER_QUIET_MS });
  const ticksBeforeHttp = treeCpuTicks(serverPid);
  const threadsBeforeHttp = threadCpuTicks(serverPid);
  const start = performance.now();
  let next = 0;
  const producer = async () => {
    while (next < bodies.length) await postEvents(url, token, bodies[next++]);
  };
  await Promise.all(Array.from({ length: options.producers }, producer));
  const http = rollouts.length / ((performance.now() - start) / 1000);
  const serverCpuMsDuringHttp = (treeCpuTicks(serverPid) - ticksBeforeHttp) * 10;
  const threadsAfterHttp = threadCpuTicks(serverPid);
  const threadTicksDuringHttp = threadsBeforeHttp && threadsAfterHttp ? ticksBetween(threadsBeforeHttp, threadsAfterHttp) : null;
  // The server's writer indexes the new turns once writes pause: let it finish before the raw insert, so the
  // baseline does not share the cores with it (that would flatter the ratio).
  const waitedMs = await waitForQuietServer(serverPid, { quietMs: SERVER_QUIET_MS });
  const ticksBeforeRaw = treeCpuTicks(serverPid);
  const raw = rawInsertRate(rollouts, options.batchSize);
  const serverTicksDuringRaw = treeCpuTicks(serverPid) - ticksBeforeRaw;
  // The per-step count triggers (0011): the raw insert without them and (again) with them, alternating, best
  // of TRIGGER_SAMPLES each, so a burst of load on this shared machine does not decide the comparison.
  const withTriggers = [raw];
  const withoutTriggers: number[] = [];
  for (let i = 0; i < TRIGGER_SAMPLES; i++) {
    withoutTriggers.push(rawInsertRate(rollouts, options.batchSize, { withoutStepTriggers: true }));
    if (withTriggers.length < TRIGGER_SAMPLES) withTriggers.push(rawInsertRate(rollouts, options.batchSize));
  }
  // The raw insert with the server's checkpoint limit: what the ratio would be against a baseline that, like the
  // server, leaves the copy of the WAL out of its commits (reported, not the target's baseline).
  const rawWalLimit = Math.max(...Array.from({ length: TRIGGER_SAMPLES }, () => rawInsertRate(rollouts, options.batchSize, { walLimitPages: WAL_LIMIT_PAGES })));
  return { http, raw, rawWalLimit, serverCpuMsDuringHttp, threadTicksDuringHttp, serverCpuMsDuringRaw: serverTicksDuringRaw * 10, rawBest: Math.max(...withTriggers), rawNoTriggers: Math.max(...withoutTriggers), waitedMs, bytes: bodies.reduce((n, b) => n + b.length, 0) / rollouts.length };
}

export async function runIngestBench(options: IngestBenchOptions): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-"));
  const token = `hl_bench_${Math.random().toString(36).slice(2)}`;
  const server = await startProductionServer(options.home, { HARNESS_LAB_DB: path.join(dir, "bench.db"), HARNESS_LAB_ADMIN_TOKEN: token });
  try {
    // A server runs for weeks: measure its steady state, after a round not counted, of the same size as a timed
    // one. A server's first batches cost more (its threads' code is compiled and optimised, the store's pages
    // come into the cache): after the 3-batch warm-up used before, the first timed round took the most server
    // CPU per rollout in 5 of 5 runs (1–19 % above the next), and its ratio was the lowest. After a full-size
    // warm-up every timed round follows the same work (a round, then the writer indexing its turns).
    await ingestRound(server.url, token, "warm", options, server.pid);
    // Alternate HTTP and raw several times and keep the medians: this machine is shared and noisy.
    const rounds = [];
    for (let r = 0; r < options.rounds; r++) {
      rounds.push(await ingestRound(server.url, token, `round${r}`, options, server.pid));
      const last = rounds[rounds.length - 1];
      process.stderr.write(`bench: ingestion round ${r + 1}: HTTP ${Math.round(last.http)}, raw ${Math.round(last.raw)} rollouts/s (ratio ${(last.http / last.raw).toFixed(3)}); server CPU during HTTP ${last.serverCpuMsDuringHttp} ms, during the raw insert ${last.serverCpuMsDuringRaw} ms, waited ${last.waitedMs} ms; ` +
        `raw best of ${TRIGGER_SAMPLES} with the step-count triggers ${Math.round(last.rawBest)}, without ${Math.round(last.rawNoTriggers)} (with/without ${(last.rawBest / last.rawNoTriggers).toFixed(3)}); ` +
        `raw with the server's WAL limit ${Math.round(last.rawWalLimit)}\n`);
    }
    const ratios = rounds.map((r) => r.http / r.raw);
    const httpRate = median(rounds.map((r) => r.http));
    const rawRate = median(rounds.map((r) => r.raw));
    const rolloutBytes = Math.round(rounds[0].bytes);
    const triggerRatios = rounds.map((r) => r.rawBest / r.rawNoTriggers);
    const round3 = (x: number) => Math.round(x * 1000) / 1000;

    const ratioFigures = {
      ingest_rollout_turns: 30,
      ingest_rollout_bytes: rolloutBytes,
      ingest_rollouts_per_round: options.rollouts,
      ingest_rounds: options.rounds,
      ingest_batch_size: options.batchSize,
      ingest_producers: options.producers,
      ingest_http_rollouts_per_s: Math.round(httpRate),
      ingest_raw_rollouts_per_s: Math.round(rawRate),
      ingest_http_vs_raw_ratio: Math.round(median(ratios) * 1000) / 1000,
      ingest_http_vs_raw_ratio_per_round: ratios.map((x) => Math.round(x * 1000) / 1000),
      ingest_http_vs_raw_ratio_min: Math.round(Math.min(...ratios) * 1000) / 1000,
      ingest_server_background_wait_ms_per_round: rounds.map((r) => r.waitedMs),
      // The server's CPU (every thread) per rollout during each HTTP phase, and during the raw insert (which
      // should be ~0: the baseline does not share the cores with the server's background work).
      ingest_server_cpu_ms_per_rollout_per_round: rounds.map((r) => round3(r.serverCpuMsDuringHttp / options.rollouts)),
      ingest_server_cpu_ms_during_raw_per_round: rounds.map((r) => r.serverCpuMsDuringRaw),
      // The same CPU by thread (Linux): the main thread that serves pages and reads the bodies, the niced writer
      // and parser threads, and the rest (V8's garbage-collection and compiler helpers). Per round, ms per rollout.
      ...(rounds.every((r) => r.threadTicksDuringHttp) ? {
        ingest_server_cpu_ms_per_rollout_main_thread_per_round: rounds.map((r) => round3((r.threadTicksDuringHttp!.main * 10) / options.rollouts)),
        ingest_server_cpu_ms_per_rollout_writer_and_parser_per_round: rounds.map((r) => round3((r.threadTicksDuringHttp!.niced * 10) / options.rollouts)),
        ingest_server_cpu_ms_per_rollout_v8_helpers_per_round: rounds.map((r) => round3((r.threadTicksDuringHttp!.other * 10) / options.rollouts)),
      } : {}),
      // The cost of the per-step count triggers (migration 0011) on the same raw insert, same rows, same run
      // (best of TRIGGER_SAMPLES each per round; the ratio is with / without).
      ingest_raw_best_with_step_triggers_rollouts_per_s: Math.round(median(rounds.map((r) => r.rawBest))),
      ingest_raw_without_step_triggers_rollouts_per_s: Math.round(median(rounds.map((r) => r.rawNoTriggers))),
      ingest_raw_step_triggers_ratio: round3(median(triggerRatios)),
      ingest_raw_step_triggers_ratio_per_round: triggerRatios.map(round3),
      ingest_http_vs_raw_without_step_triggers_ratio: round3(median(rounds.map((r) => r.http / r.rawNoTriggers))),
      // Against a raw insert whose commits, like the server's writer, copy the WAL into the file only past
      // WAL_LIMIT_PAGES (best of TRIGGER_SAMPLES per round): how much of the ratio the checkpoint thread makes.
      ingest_raw_with_server_wal_limit_rollouts_per_s: Math.round(median(rounds.map((r) => r.rawWalLimit))),
      ingest_http_vs_raw_with_server_wal_limit_ratio_per_round: rounds.map((r) => round3(r.http / r.rawWalLimit)),
    };
    if (options.bigBodyBytes <= 0) return ratioFigures;
    const idleRss = treeRssBytes(server.pid);
    const sampler = sampleMemory(server.pid);
    const bigStart = performance.now();
    const big = await postStreamingBody(server.url, token, "big", options.bigBodyBytes);
    const bigSeconds = (performance.now() - bigStart) / 1000;
    const peak = sampler.stop();
    if (big.status !== 200) throw new Error(`the ${options.bigBodyBytes}-byte body was refused: ${big.status} ${big.body.slice(0, 300)}`);
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    return {
      ...ratioFigures,
      ingest_http_mb_per_s: mb(httpRate * rolloutBytes),
      big_body_mb: mb(big.sent),
      big_body_rollouts: big.rollouts,
      big_body_seconds: Math.round(bigSeconds * 10) / 10,
      server_rss_before_big_body_mb: mb(idleRss),
      server_peak_rss_during_big_body_mb: mb(peak),
    };
  } catch (error) {
    // The server's own account (a crash, a refusal) belongs with the error.
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver log (end):\n${server.log().slice(-3000)}`);
  } finally {
    benchAgent.destroy();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
