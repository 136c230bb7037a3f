// The local executor's moves, called by the runtime's tick: start a queued job in a free slot, and look at a
// running one — still the same process? past its time limit? being cancelled (SIGKILL once the grace is
// over)? ended (how, from the wrapper's exit file — or lost, when nothing says how)?
// A job starts confined by bubblewrap when the installation can (sandbox-plan.ts), or fails with the reason
// when HARNESS_LAB_JOB_SANDBOX=bwrap and it cannot.
import "server-only";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { JobRecord } from "../../../db/queries/jobs";
import { finishJob, markJobRunning, setJobExternalId, setJobTokenExpiry, type FinalStatus } from "../../../db/mutations/jobs";
import { checkIdentity } from "./process-identity";
import { CANCEL_MARK, EXIT_FILE, jobDirOf, readLaunchSpec, workDirOf } from "./job-dir";
import { handOverTree } from "./job-files";
import { groupAlive, readExitRecord, signalGroup, spawnJob } from "./local-process";
import { inheritedEnv } from "./job-config";
import { reissueJobToken, tokenLifetimeMs } from "./job-token";
import { followProgress } from "./progress-follow";
import { planSandbox } from "./sandbox-plan";
import type { Ending, RuntimeState } from "./runtime-state";

/** Starts a queued local job; true when it now occupies a slot. */
export async function startLocalJob(rt: RuntimeState, job: JobRecord): Promise<boolean> {
  const now = Date.now();
  const fail = (reason: string) => finishJob(rt.store, job.id, { status: "failed", exitCode: null, reason, finishedAt: Date.now() });
  if (!job.logPath) {
    fail("the job has no directory (its launch did not finish)");
    return false;
  }
  const jobDir = jobDirOf(job.logPath);
  let spec;
  try {
    spec = readLaunchSpec(jobDir);
  } catch (error) {
    fail(`cannot read the job's launch spec: ${(error as Error).message}`);
    return false;
  }
  const o = rt.options;
  const workDir = workDirOf(jobDir);
  const plan = planSandbox(
    { status: o.sandbox, home: o.home, nodePath: o.nodePath, entryPath: o.sandboxEntryPath, storeFile: o.storeFile, jobsRoot: o.jobsRoot, extraReadOnly: o.sandboxReadOnly },
    { jobDir, workDir, cwd: spec.cwd, serverUrl: spec.env.HARNESS_LAB_URL ?? o.serverUrl },
  );
  if (!plan.ok) {
    fail(plan.error);
    return false;
  }
  if (plan.sandbox?.jobUser) {
    try {
      handOverTree(workDir, plan.sandbox.jobUser);
    } catch (error) {
      fail(`cannot give the job's work folder to the job's user: ${(error as Error).message}`);
      return false;
    }
  }
  // Claim it first: a cancel arriving now finds it running and signals the process once it has one.
  if (!markJobRunning(rt.store, job.id, { externalId: null, startedAt: now })) return false;
  const expiresAt = now + tokenLifetimeMs(spec.resources.timeLimitMinutes);
  let secret = rt.secrets.get(job.id);
  rt.secrets.delete(job.id);
  if (secret) setJobTokenExpiry(rt.store, job.id, expiresAt);
  else secret = reissueJobToken(rt.store, job.id, { createdBy: job.createdBy, expiresAt, now });
  const started = await spawnJob({
    nodePath: rt.options.nodePath, wrapperPath: rt.options.wrapperPath, exitFile: path.join(jobDir, EXIT_FILE), logPath: job.logPath,
    sandbox: plan.sandbox, argv: spec.argv, env: { ...inheritedEnv(), ...spec.env, HARNESS_LAB_TOKEN: secret }, cwd: spec.cwd,
  });
  if (!started.ok) {
    fail(started.error);
    return false;
  }
  setJobExternalId(rt.store, job.id, started.externalId);
  rt.children.set(job.id, started.child);
  rt.logs.set(job.id, { offset: 0, carry: "", decoder: new StringDecoder("utf8") });
  started.child.once("exit", () => {
    rt.children.delete(job.id);
    void rt.tick();
  });
  return true;
}

/** Ends a running job on purpose: SIGTERM to its group now, SIGKILL after the grace period (in a later tick). */
export function beginEnding(rt: RuntimeState, job: Pick<JobRecord, "id" | "externalId">, ending: Omit<Ending, "deadline" | "killed">): void {
  if (rt.ending.has(job.id)) return;
  rt.ending.set(job.id, { ...ending, deadline: Date.now() + rt.options.graceMs, killed: false });
  signalGroup(job.externalId, "SIGTERM");
}


export async function checkLocalJob(rt: RuntimeState, job: JobRecord): Promise<void> {
  const now = Date.now();
  // A cancel requested before a restart is still a cancel: the reason column carries it across.
  if (!rt.ending.has(job.id) && job.statusReason?.startsWith(CANCEL_MARK)) {
    rt.ending.set(job.id, { status: "cancelled", reason: `cancelled by ${job.statusReason.slice(CANCEL_MARK.length)}`, deadline: now + rt.options.graceMs, killed: false });
  }
  const ending = rt.ending.get(job.id);
  if (job.externalId === null) {
    // Claimed but never spawned: the server stopped in between. A live runtime spawns within milliseconds, so
    // only a claim older than that is a lost job (another process on the same store may be spawning it now).
    if (job.startedAt !== null && now - job.startedAt > 30_000) finish(rt, job, { status: "lost", exitCode: null, reason: "the dashboard stopped before the process was started" });
    return;
  }
  const identity = checkIdentity(job.externalId);
  const leftovers = !identity.alive && groupAlive(job.externalId);
  if (identity.alive || leftovers) {
    if (ending && !ending.killed && now >= ending.deadline) {
      signalGroup(job.externalId, "SIGKILL");
      ending.killed = true;
    } else if (!identity.alive && !ending) {
      // The job's main process ended; what it left running in its group goes with it.
      signalGroup(job.externalId, "SIGKILL");
    } else if (!ending) {
      const limit = readTimeLimitMs(job);
      if (limit !== null && job.startedAt !== null && now - job.startedAt > limit) {
        beginEnding(rt, job, { status: "failed", reason: `time limit of ${Math.round(limit / 60_000)} min exceeded` });
      }
    }
    return;
  }
  followProgress(rt, job);
  const exit = readExitRecord(path.join(jobDirOf(job.logPath!), EXIT_FILE));
  if (ending) {
    finish(rt, job, { status: ending.status, exitCode: exit?.exitCode ?? null, reason: ending.reason, actor: ending.actor });
  } else if (!exit) {
    finish(rt, job, { status: "lost", exitCode: null, reason: `${identity.reason} without recording how it ended (killed with SIGKILL, or the machine restarted)` });
  } else if (exit.error) {
    finish(rt, job, { status: "failed", exitCode: exit.exitCode, reason: `could not start the command: ${exit.error}` });
  } else if (exit.exitCode === 0) {
    finish(rt, job, { status: "succeeded", exitCode: 0, reason: null });
  } else if (exit.exitCode !== null) {
    finish(rt, job, { status: "failed", exitCode: exit.exitCode, reason: `exit code ${exit.exitCode}` });
  } else {
    finish(rt, job, { status: "failed", exitCode: null, reason: `killed by ${exit.signal ?? "a signal"}` });
  }
}

function finish(rt: RuntimeState, job: JobRecord, input: { status: FinalStatus; exitCode: number | null; reason: string | null; actor?: Ending["actor"] }): void {
  finishJob(rt.store, job.id, { ...input, finishedAt: Date.now() });
  rt.ending.delete(job.id);
  rt.logs.delete(job.id);
  rt.secrets.delete(job.id);
}

function readTimeLimitMs(job: JobRecord): number | null {
  try {
    const minutes = readLaunchSpec(jobDirOf(job.logPath!)).resources.timeLimitMinutes;
    return minutes ? minutes * 60_000 : null;
  } catch {
    return null;
  }
}
