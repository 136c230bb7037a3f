// The part of the job system that lives in the server process, one per store: the local queue and the
// processes it started, cancels in progress, log offsets for progress, and the tick that follows every
// queued or running job (local, Slurm and Ray) and moves it along. The database is the record — a new runtime on
// the same store (a restart) picks everything up from it; what lives only here is convenience (the
// ChildProcess handles) or secrets that must never be stored (a queued job's token).
import "server-only";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import type { StringDecoder } from "node:string_decoder";
import type { Store } from "../../../db/client";
import { projectHome } from "../../../db/client";
import { logLine } from "../../log-text";
import { listActiveJobs, type JobRecord } from "../../../db/queries/jobs";
import { cancelGraceMs, defaultExecutor, inheritedEnv, jobServerUrl, jobsRoot, localSlots } from "./job-config";
import { slurmRestOptions } from "./slurm-rest";
import { beginEnding, checkLocalJob, startLocalJob } from "./local-runner";
import { checkSlurmJob } from "./slurm-runner";
import { checkRayJob } from "./ray-runner";
import { rayOptions } from "./ray-client";
import { followProgress } from "./progress-follow";
import { extraReadOnlyPaths } from "./sandbox";
import { sandboxStatus, sandboxWarning } from "./sandbox-probe";
import type { Ending, RuntimeOptions, RuntimeState } from "./runtime-state";

export type { Ending, RuntimeOptions, RuntimeState } from "./runtime-state";

export function defaultRuntimeOptions(store: Store, env: NodeJS.ProcessEnv = process.env): RuntimeOptions {
  const home = projectHome();
  return {
    jobsRoot: jobsRoot(store.file, env),
    slots: localSlots(env),
    graceMs: cancelGraceMs(env),
    pollMs: 2000,
    serverUrl: jobServerUrl(env),
    executor: defaultExecutor(env),
    home,
    nodePath: process.execPath,
    wrapperPath: path.join(/* turbopackIgnore: true */ home, "lib", "services", "jobs", "job-wrapper.mjs"),
    sandbox: sandboxStatus(env),
    sandboxEntryPath: path.join(/* turbopackIgnore: true */ home, "lib", "services", "jobs", "sandbox-entry.mjs"),
    storeFile: store.file === ":memory:" ? null : path.resolve(store.file),
    sandboxReadOnly: extraReadOnlyPaths(env),
    slurm: { env: inheritedEnv(env), timeoutMs: 30_000, rest: slurmRestOptions(env, inheritedEnv(env)) },
    ray: rayOptions(env),
    slurmUnreachableLostMs: 60 * 60 * 1000,
  };
}

export class JobRuntime implements RuntimeState {
  /** Tokens minted at launch for jobs not started yet (never stored anywhere else). */
  readonly secrets = new Map<string, string>();
  readonly children = new Map<string, ChildProcess>();
  readonly ending = new Map<string, Ending>();
  /** How far each running job's log has been read for progress lines (a decoder keeps split UTF-8 characters whole). */
  readonly logs = new Map<string, { offset: number; carry: string; decoder: StringDecoder }>();
  /** Slurm and Ray jobs between their record and the scheduler's answer. */
  readonly submitting = new Set<string>();
  readonly unreachableSince = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private again = false;

  constructor(readonly store: Store, public options: RuntimeOptions) {}

  /**
   * One pass over the active jobs. Passes never overlap: a call during a pass schedules exactly one more
   * and resolves when that one is done, so "launch, then tick" always sees the new job.
   */
  tick(): Promise<void> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again);
      } finally {
        this.current = null;
      }
    })();
    return this.current;
  }

  private async pass(): Promise<void> {
    for (const job of listActiveJobs(this.store)) {
      try {
        const unreadableLog = job.status === "running" ? followProgress(this, job) : null;
        // Only the server writes a local job's log (the job cannot reach its folder): anything else there is an attack.
        if (unreadableLog && job.executor === "local") beginEnding(this, job, { status: "failed", reason: unreadableLog });
        else if (unreadableLog) console.error(logLine`jobs: job ${job.id}: ${unreadableLog}`);
        if (job.executor === "local") {
          if (job.status === "running") await checkLocalJob(this, job);
        } else if (this.submitting.has(job.id)) {
          // Its launch is still waiting for the scheduler's answer.
        } else if (job.executor === "ray") {
          await checkRayJob(this, job);
        } else {
          await checkSlurmJob(this, job);
        }
      } catch (error) {
        console.error(logLine`jobs: following job ${job.id} failed: ${error}`);
      }
    }
    await this.startQueued(listActiveJobs(this.store).filter((j) => j.executor === "local"));
  }

  private async startQueued(local: JobRecord[]): Promise<void> {
    let running = local.filter((j) => j.status === "running").length;
    for (const job of local) {
      if (running >= this.options.slots) break;
      if (job.status !== "queued") continue;
      if (await startLocalJob(this, job)) running++;
    }
  }

  /** Starts polling; `recover` first so jobs left by a previous server are found before anything else. */
  start(): void {
    if (this.timer) return;
    // Said loudly once per start: an installation whose jobs are not confined (the launch form says it too).
    const warning = sandboxWarning(this.options.sandbox);
    if (warning) console.warn(`\n!!! jobs: ${warning}\n`);
    else console.info(`jobs: local jobs run confined by ${this.options.sandbox.bwrap}`);
    this.timer = setInterval(() => void this.tick(), this.options.pollMs);
    this.timer.unref();
  }

  /** Stops following jobs WITHOUT touching them: they run on, and the next runtime finds them. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.current;
    for (const child of this.children.values()) child.removeAllListeners("exit");
    this.children.clear();
  }

  get started(): boolean {
    return this.timer !== null;
  }
}

const RUNTIMES_KEY = Symbol.for("harness-lab.job-runtimes");
const registry = ((globalThis as Record<symbol, unknown>)[RUNTIMES_KEY] ??= new WeakMap<Store, JobRuntime>()) as WeakMap<Store, JobRuntime>;

/** The runtime of a store (created with the installation's settings on first use; kept across module reloads). */
export function jobRuntime(store: Store): JobRuntime {
  let runtime = registry.get(store);
  if (!runtime) registry.set(store, (runtime = new JobRuntime(store, defaultRuntimeOptions(store))));
  return runtime;
}

/** Overrides settings (tests, embedding); returns the runtime. */
export function configureJobRuntime(store: Store, options: Partial<RuntimeOptions>): JobRuntime {
  const runtime = jobRuntime(store);
  runtime.options = { ...runtime.options, ...options };
  return runtime;
}
