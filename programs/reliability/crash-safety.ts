// Crash safety: 8 producers send 10,000 rollouts (retrying as a trainer does) while the server is killed
// with SIGKILL at random moments and restarted on the same port. Afterwards every rollout must be there
// exactly once and whole, and SQLite must find its file sound.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mulberry32 } from "../../lib/stats/prng";
import { processTree, startProductionServer, type RunningServer } from "../bench/server-process";
import { percentile } from "../bench/percentile";
import type { ReliabilityPart } from "./part";
import { crashRollout, crashSetupEvents } from "./crash-rollouts";
import { auditCrashStore } from "./crash-audit";
import { postUntilAnswered } from "./retrying-post";

const PRODUCERS = 8;
const BATCH = 25;

/** Kills the server and every process it started, then waits until none is left (the port is free). */
async function killServer(server: RunningServer): Promise<void> {
  const exited = new Promise<void>((resolve) => (server.process.exitCode !== null || server.process.signalCode !== null ? resolve() : server.process.once("exit", () => resolve())));
  for (const pid of processTree(server.pid)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await exited;
  for (let i = 0; i < 100 && processTree(server.pid).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
}

export const runCrashSafety: ReliabilityPart = async (options) => {
  const random = mulberry32(options.seed);
  const perProducer = options.quick ? 250 : 1250; // 2,000 or 10,000 rollouts in all
  const kills = options.quick ? 5 : 5 + Math.floor(random() * 4);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-crash-"));
  const dbFile = path.join(dir, "crash.db");
  const token = `hl_crash_${Math.random().toString(36).slice(2)}`;
  const env = { HARNESS_LAB_DB: dbFile, HARNESS_LAB_ADMIN_TOKEN: token, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1" };
  const failures: string[] = [];
  let server = await startProductionServer(options.home, env);
  const eventsUrl = `${server.url}/api/v1/events`;
  try {
    const setup = await postUntilAnswered(eventsUrl, token, JSON.stringify(crashSetupEvents()));
    if (setup.status !== 200) throw new Error(`setting up the experiment failed: ${setup.status} ${setup.body.slice(0, 300)}`);

    // Kill moments are points in the progress of the whole ingest, so every kill lands while producers
    // are sending, however fast this machine is; a few ms of jitter moves it off the batch boundary.
    const batchesPerProducer = Math.ceil(perProducer / BATCH);
    const totalBatches = PRODUCERS * batchesPerProducer;
    const killAt = Array.from({ length: kills }, () => Math.floor(totalBatches * (0.05 + 0.9 * random()))).sort((a, b) => a - b);
    let acknowledged = 0;
    // One kill loop at a time; producers only start it when none runs.
    let killing: Promise<void> | null = null;
    let killsDone = 0;
    const restartMs: number[] = [];
    const killLoop = async () => {
      while (killsDone < killAt.length && acknowledged >= killAt[killsDone]) {
        await new Promise((r) => setTimeout(r, Math.floor(random() * 30)));
        await killServer(server);
        killsDone++;
        options.log(`crash: SIGKILL ${killsDone}/${kills} after ${acknowledged}/${totalBatches} batches acknowledged`);
        const started = performance.now();
        for (let attempt = 0; ; attempt++) {
          try {
            // Timed until the API answers again: the producers do not wait for the page renderer.
            server = await startProductionServer(options.home, env, { port: server.port, waitForPages: false });
            break;
          } catch (error) {
            if (attempt >= 5) throw error;
            await new Promise((r) => setTimeout(r, 200));
          }
        }
        restartMs.push(performance.now() - started);
      }
    };
    const startKillLoop = () => {
      if (killing || killsDone >= killAt.length || acknowledged < killAt[killsDone]) return;
      killing = killLoop().finally(() => (killing = null));
    };

    let attempts = 0;
    let networkErrors = 0;
    let serverErrors = 0;
    let unchangedOnResend = 0;
    const refused: string[] = [];
    const producer = async (p: number) => {
      for (let b = 0; b < batchesPerProducer; b++) {
        const rollouts = [];
        for (let i = b * BATCH; i < Math.min((b + 1) * BATCH, perProducer); i++) rollouts.push(crashRollout(p, i));
        const outcome = await postUntilAnswered(eventsUrl, token, JSON.stringify(rollouts));
        attempts += outcome.attempts;
        networkErrors += outcome.networkErrors;
        serverErrors += outcome.serverErrors;
        if (outcome.status !== 200) {
          refused.push(`producer ${p} batch ${b}: ${outcome.status} ${outcome.body.slice(0, 200)}`);
          continue;
        }
        const answer = JSON.parse(outcome.body) as { unchanged?: Record<string, number> };
        unchangedOnResend += answer.unchanged?.rollout ?? 0;
        acknowledged++;
        startKillLoop();
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: PRODUCERS }, (_, p) => producer(p)));
    while (killing) await killing;
    startKillLoop();
    while (killing) await killing;
    const seconds = (performance.now() - started) / 1000;
    await server.stop();

    const audit = auditCrashStore(dbFile, PRODUCERS, perProducer);
    if (killsDone < 5) failures.push(`only ${killsDone} SIGKILLs happened (at least 5 required)`);
    if (refused.length > 0) failures.push(`${refused.length} batch(es) refused: ${refused.slice(0, 3).join("; ")}`);
    if (audit.lost > 0) failures.push(`${audit.lost} rollout(s) lost`);
    if (audit.duplicated > 0) failures.push(`${audit.duplicated} rollout(s) duplicated`);
    if (audit.partial > 0) failures.push(`${audit.partial} rollout(s) half-written`);
    if (audit.unexpected > 0) failures.push(`${audit.unexpected} rollout(s) that no producer sent`);
    if (audit.integrity_check !== "ok") failures.push(`PRAGMA integrity_check: ${audit.integrity_check}`);
    if (audit.foreign_key_violations > 0) failures.push(`${audit.foreign_key_violations} foreign key violation(s)`);
    if (!audit.full_text_index_ok) failures.push("the full-text index does not match the turns");
    if (audit.examples.length > 0) options.log(`crash: ${audit.examples.join("; ")}`);
    return {
      failures,
      figures: {
        producers: PRODUCERS,
        rollouts: PRODUCERS * perProducer,
        batch_size: BATCH,
        sigkills: killsDone,
        lost: audit.lost,
        duplicated: audit.duplicated,
        partial: audit.partial,
        unexpected: audit.unexpected,
        integrity_check: audit.integrity_check,
        foreign_key_violations: audit.foreign_key_violations,
        full_text_index_ok: audit.full_text_index_ok,
        requests: attempts,
        requests_without_answer: networkErrors,
        requests_answered_5xx: serverErrors,
        rollouts_answered_unchanged_on_resend: unchangedOnResend,
        restart_ms_p50: Math.round(percentile(restartMs, 50)),
        restart_ms_max: Math.round(Math.max(0, ...restartMs)),
        ingest_seconds: Math.round(seconds * 10) / 10,
      },
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
