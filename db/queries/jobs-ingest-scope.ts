// A job's token writes only its own run's records. Before a batch from such a token is applied, every event is
// placed: inside the job's experiment (experiment-ingest-scope.ts: the experiment it names or its parent's, every
// record it points at), and the run it belongs to (its run, or the round, rollouts or failure packet it hangs
// on), each looked up in the same batch first and then in the store. The job's runs are the ones it created
// (runs.job_id); the run of a record is read through it to that. Anything outside is refused whole (403,
// naming the event and field). A job never decides a proposal; it sends harness code only as its own run's
// proposals' candidates. Tasks are global: a job may add new ones or repeat existing ones unchanged, never
// alter one. Run events get job = the job, which is how a run links back to its job.
import "server-only";
import type { Store } from "../client";
import { statementFor } from "../apply/context";
import type { EventProblem, HarnessLabEvent } from "../../lib/events/contract";
import { eventScope, jobWriteRefusal, newHarnessVersionRefusal, runTie, type EventRef, type OwnedTable } from "../../lib/services/jobs/pure/ingest-scope";
import { MAX_REPORTED_PROBLEMS } from "../apply-events";
import { experimentOwners, outsideExperiment, type ScopedEvents } from "./experiment-ingest-scope";

export type { ScopedEvents };

/** How the experiment rules (experiment-ingest-scope.ts) name a job's token in their refusals. */
const JOB_WORDS = { token: "a job's token", whose: "this job's" };

export function scopeJobEvents(store: Store, jobId: string, events: Iterable<HarnessLabEvent>): ScopedEvents {
  const job = statementFor(store.sqlite, "SELECT experiment_id AS experimentId, status FROM jobs WHERE id = ?").get(jobId) as { experimentId: string | null; status: string } | undefined;
  if (!job?.experimentId) return { ok: false, error: `this token belongs to job "${jobId}", which does not exist`, errors: [] };
  const experiment = job.experimentId;

  // The run each record created in this batch hangs on (a run, a rollout's run, a proposal's round).
  const tiedInBatch = new Map<OwnedTable, Map<string, EventRef | null>>();
  for (const event of events) {
    const scope = eventScope(event);
    if (!scope?.creates || !scope.experiment) continue;
    let ties = tiedInBatch.get(scope.creates.table);
    if (!ties) tiedInBatch.set(scope.creates.table, (ties = new Map()));
    ties.set(scope.creates.id, event.type === "run" ? null : (runTie(event)?.refs[0] ?? null));
  }
  const ownerOf = experimentOwners(store, events);

  // The job's runs: the ones it created before, and the ones this batch creates (they are linked to it below;
  // a run event for an existing run of anyone else is refused).
  const ownRuns = new Set(statementFor(store.sqlite, "SELECT id FROM runs WHERE job_id = ?").pluck().all(jobId) as string[]);
  for (const id of tiedInBatch.get("runs")?.keys() ?? []) {
    if (statementFor(store.sqlite, "SELECT 1 FROM runs WHERE id = ?").pluck().get(id) === undefined) ownRuns.add(id);
  }
  const runOf = runResolver(store, ownRuns, tiedInBatch);

  const errors: EventProblem[] = [];
  const refuse = (index: number, path: string, message: string) => {
    if (errors.length < MAX_REPORTED_PROBLEMS) errors.push({ index, path, message });
  };
  let index = 0;
  for (const event of events) {
    const i = index++;
    if (event.type === "experiment" || event.type === "task") {
      for (const problem of outsideExperiment(store, event, experiment, ownerOf, JOB_WORDS)) refuse(i, problem.path, problem.message);
      continue;
    }
    const refusal = jobWriteRefusal(event);
    if (refusal) {
      refuse(i, refusal.path, refusal.message);
      continue;
    }
    if (event.type === "run") {
      if (event.job !== undefined && event.job !== jobId) refuse(i, "job", `a job's token links runs to its own job "${jobId}" only`);
      const existing = statementFor(store.sqlite, "SELECT job_id FROM runs WHERE id = ?").pluck().get(event.id) as string | null | undefined;
      if (existing !== undefined && existing !== jobId) refuse(i, "id", `run "${event.id}" was not created by this job`);
    }
    const outside = outsideExperiment(store, event, experiment, ownerOf, JOB_WORDS);
    for (const problem of outside) refuse(i, problem.path, problem.message);
    if (outside.length) continue;
    if (event.type === "harness_version") {
      const stored = statementFor(store.sqlite, "SELECT experiment_id FROM harness_versions WHERE id = ?").pluck().get(event.id) as string | undefined;
      if (stored !== undefined && stored !== experiment) {
        refuse(i, "id", `harness version "${event.id}" exists outside this job's experiment "${experiment}"; send a candidate under a new id`);
        continue;
      }
      // A version its experiment holds: re-sent unchanged it changes nothing, changed it is the apply step's 409.
      if (stored !== undefined) continue;
      const problem = newHarnessVersionRefusal(event);
      if (problem) {
        refuse(i, problem.path, problem.message);
        continue;
      }
    }
    const tie = runTie(event);
    if (!tie) continue;
    if (tie.refs.length === 0) {
      refuse(i, tie.path, `a job's token writes only its own run's records: a ${event.type} from it names ${tie.what}`);
      continue;
    }
    for (const r of tie.refs) {
      const run = runOf(r);
      // An unknown record is the apply step's to report (400, "does not exist"); a candidate's proposal may
      // follow in a later batch (the teacher sends the candidate first), and is checked when it comes.
      if (run !== "other") continue;
      refuse(i, r.path, `${NOUNS[r.table]} "${r.id}" is not this job's run${r.table === "runs" ? "" : `'s`}; a job's token writes only its own run's records (HARNESS_LAB_RUN and runs it created)`);
    }
  }
  if (errors.length) {
    return { ok: false, error: `${errors.length} event(s) reach beyond the job's own run's records or outside the job's experiment "${experiment}"; nothing was written`, errors };
  }
  return {
    ok: true,
    events: {
      *[Symbol.iterator]() {
        for (const event of events) yield event.type === "run" ? { ...event, job: jobId } : event;
      },
    },
  };
}

const NOUNS: Record<OwnedTable, string> = {
  runs: "run", harness_versions: "harness version", checkpoints: "checkpoint", rollouts: "rollout", proposals: "proposal",
  evolution_rounds: "evolution round", failure_packets: "failure packet", source_files: "source file",
};

/** Where the run of each kind of record is read in the store: its run, or (a proposal) its round. */
const TIE_IN_STORE: Partial<Record<OwnedTable, { sql: string; table: OwnedTable }>> = {
  rollouts: { sql: "SELECT run_id FROM rollouts WHERE id = ?", table: "runs" },
  checkpoints: { sql: "SELECT run_id FROM checkpoints WHERE id = ?", table: "runs" },
  evolution_rounds: { sql: "SELECT run_id FROM evolution_rounds WHERE id = ?", table: "runs" },
  failure_packets: { sql: "SELECT run_id FROM failure_packets WHERE id = ?", table: "runs" },
  proposals: { sql: "SELECT round_id FROM proposals WHERE id = ?", table: "evolution_rounds" },
};

type RunOwnership = "own" | "other" | "unknown";

/**
 * Whether a record belongs to one of the job's runs: a run is one of them or not; any other record is followed
 * to its run (a proposal through its round), from the batch first, then the store. A record that exists
 * nowhere is "unknown" (the apply step refuses a reference to it); one with no run (a checkpoint of no run, a
 * proposal of no round) is "other".
 */
function runResolver(store: Store, ownRuns: ReadonlySet<string>, tiedInBatch: ReadonlyMap<OwnedTable, ReadonlyMap<string, EventRef | null>>) {
  const memo = new Map<string, RunOwnership>();
  const resolve = (table: OwnedTable, id: string, depth: number): RunOwnership => {
    if (table === "runs") {
      if (ownRuns.has(id)) return "own";
      const exists = tiedInBatch.get("runs")?.has(id) || statementFor(store.sqlite, "SELECT 1 FROM runs WHERE id = ?").pluck().get(id) !== undefined;
      return exists ? "other" : "unknown";
    }
    const key = `${table}\u0000${id}`;
    let answer = memo.get(key);
    if (answer !== undefined) return answer;
    const where = TIE_IN_STORE[table];
    let next: { table: OwnedTable; id: string | null } | undefined;
    const batch = tiedInBatch.get(table);
    if (batch?.has(id)) {
      const tie = batch.get(id);
      next = { table: tie?.table ?? "runs", id: tie?.id ?? null };
    } else if (where) {
      const stored = statementFor(store.sqlite, where.sql).pluck().get(id) as string | null | undefined;
      if (stored !== undefined) next = { table: where.table, id: stored };
    }
    // Rounds of rounds do not exist; the depth only bounds a malformed chain.
    answer = next === undefined ? "unknown" : next.id === null || depth > 3 ? "other" : resolve(next.table, next.id, depth + 1);
    memo.set(key, answer);
    return answer;
  };
  return (r: EventRef): RunOwnership => resolve(r.table, r.id, 0);
}
