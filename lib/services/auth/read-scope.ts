// What a principal may read. People and ordinary API tokens read the whole lab; a job's own token reads
// only its job's experiment and its own job, and a token minted for one experiment (Connect a trainer's, for
// a trainer that waits on the review gate) reads only that experiment and its jobs, so a job's harness code (or a leak of its token) cannot read
// other experiments' harness files, rollouts or jobs' logs — the read half of "a job's damage stays within
// its experiment" (the write half is db/queries/jobs-ingest-scope.ts). Every GET route under app/api asks
// here (test/security/job-token-reads.test.ts calls each one with a job token to prove it). A record outside
// the scope answers exactly like one that does not exist — the route's own 404 and message — rather than
// 403: a 403 would confirm that the id exists elsewhere, which is itself a read of another experiment.
import "server-only";
import type { Store } from "../../../db/client";
import type { Principal } from "./pure/principal";

/** Tables whose rows belong to one experiment and are read by id through the API. */
export type ScopedTable = "runs" | "harness_versions" | "rollouts" | "proposals" | "source_files";

/** An experiment id no record can have: a list filtered by it is empty. */
export const NO_EXPERIMENT = "\u0000outside-read-scope";

type Reader = Pick<Principal, "jobId" | "jobExperimentId" | "experimentId">;

/** True for a principal confined to one experiment: a job's token, or a token minted for one experiment. */
export function isConfined(principal: Reader): boolean {
  return principal.jobId !== undefined || principal.experimentId !== undefined;
}

/** The one experiment a confined principal reads (null: a job of no experiment, which reads none). */
function ownExperiment(principal: Reader): string | null {
  return principal.jobId !== undefined ? (principal.jobExperimentId ?? null) : (principal.experimentId ?? null);
}

export function mayReadExperiment(principal: Reader, experimentId: string | null | undefined): boolean {
  if (!isConfined(principal)) return true;
  return typeof experimentId === "string" && experimentId === ownExperiment(principal);
}

/** A job's token reads its own job; a token for one experiment reads that experiment's jobs. */
export function mayReadJob(principal: Reader, job: { id: string; experimentId: string | null }): boolean {
  if (principal.jobId !== undefined) return principal.jobId === job.id;
  return mayReadExperiment(principal, job.experimentId);
}

/** Whether the record exists in the principal's scope; an unknown id is left to the route (its own 404). */
export function mayReadRecord(store: Store, principal: Reader, table: ScopedTable, id: string): boolean {
  if (!isConfined(principal)) return true;
  const row = store.sqlite.prepare(`SELECT experiment_id AS experimentId FROM ${table} WHERE id = ?`).get(id) as { experimentId: string | null } | undefined;
  return row === undefined || mayReadExperiment(principal, row.experimentId);
}

/**
 * The experiment filter a list query runs with: what was asked for, narrowed to the principal's scope. A job
 * asking for no experiment gets its own; asking for another gets NO_EXPERIMENT (an empty list, as for an
 * experiment that does not exist).
 */
export function experimentFilterFor(principal: Reader, requested: string | undefined): string | undefined {
  if (!isConfined(principal)) return requested;
  const own = ownExperiment(principal) ?? NO_EXPERIMENT;
  return requested === undefined || requested === own ? own : NO_EXPERIMENT;
}
