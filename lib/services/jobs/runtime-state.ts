// What the executors' moves (local-runner, slurm-runner, ray-runner, progress-follow) read and change of the job
// runtime: its settings and the state it keeps between passes. Apart from runtime.ts, which calls those moves,
// so the runtime and its executors do not import each other (issue 42: no import cycles, type-only ones included).
import type { ChildProcess } from "node:child_process";
import type { StringDecoder } from "node:string_decoder";
import type { Store } from "../../../db/client";
import type { JobExecutor } from "./job-config";
import type { SlurmOptions } from "./slurm-commands";
import type { RayOptions } from "./ray-client";
import type { AuditActor } from "../../domain/audit-actor";
import type { SandboxStatus } from "./sandbox-probe";

export interface RuntimeOptions {
  jobsRoot: string;
  /** Local jobs running at once; the rest wait, oldest first. */
  slots: number;
  /** SIGTERM → SIGKILL. */
  graceMs: number;
  /** How often the supervisor looks at active jobs. */
  pollMs: number;
  /** HARNESS_LAB_URL of every job. */
  serverUrl: string;
  /** For templates that do not choose. */
  executor: JobExecutor;
  home: string;
  nodePath: string;
  wrapperPath: string;
  /** Local jobs' confinement (HARNESS_LAB_JOB_SANDBOX, probed) and what it hides and shows (sandbox.ts). */
  sandbox: SandboxStatus;
  sandboxEntryPath: string;
  /** The store's database file (hidden from jobs); null for an in-memory store. */
  storeFile: string | null;
  sandboxReadOnly: string[];
  slurm: SlurmOptions;
  /** The Ray cluster's Jobs API (HARNESS_LAB_RAY_ADDRESS …, ray-client.ts); null: none configured. */
  ray: RayOptions | null;
  /** A Slurm or Ray job whose scheduler stays unreachable this long is marked lost. */
  slurmUnreachableLostMs: number;
}

/** A job being ended on purpose (a cancel, or a local time limit): what it ends as, and when SIGKILL follows SIGTERM. */
export interface Ending {
  status: "cancelled" | "failed";
  reason: string;
  deadline: number;
  killed: boolean;
  actor?: AuditActor;
}

/** The runtime as its executors see it (JobRuntime implements it). */
export interface RuntimeState {
  readonly store: Store;
  options: RuntimeOptions;
  /** Tokens minted at launch for jobs not started yet (never stored anywhere else). */
  readonly secrets: Map<string, string>;
  readonly children: Map<string, ChildProcess>;
  readonly ending: Map<string, Ending>;
  /** How far each running job's log has been read for progress lines (a decoder keeps split UTF-8 characters whole). */
  readonly logs: Map<string, { offset: number; carry: string; decoder: StringDecoder }>;
  /** Slurm and Ray jobs between their record and the scheduler's answer. */
  readonly submitting: Set<string>;
  readonly unreachableSince: Map<string, number>;
  /** One more pass over the active jobs (after this one, if a pass is running). */
  tick(): Promise<void>;
}
