// Which experiment an event writes into, which other records it points at, and which run it belongs to — what
// the ingest route needs to keep a job's token inside its own experiment and its own run's records. Pure: the
// store lookups are in db/queries/jobs-ingest-scope.ts.
import type { HarnessLabEvent } from "../../../events/contract";

/** Tables whose rows belong to one experiment (experiment_id). */
export type OwnedTable =
  | "runs" | "harness_versions" | "checkpoints" | "rollouts" | "proposals" | "evolution_rounds" | "failure_packets" | "source_files";

export interface EventRef {
  table: OwnedTable;
  id: string;
  path: string;
}

export interface EventScope {
  /** The experiment the event names itself; undefined when it is derived from a parent (metrics, comparison, decision). */
  experiment?: string;
  /** The parent the experiment is derived from, when the event names none. */
  owner?: EventRef;
  /** Other records it points at; each must be in the same experiment. */
  refs: EventRef[];
  /** The record the event itself creates, when it has an experiment of its own (for lookups later in the batch). */
  creates?: { table: OwnedTable; id: string };
}

const ref = (table: OwnedTable, id: string | undefined | null, path: string): EventRef[] => (id ? [{ table, id, path }] : []);
const refs = (table: OwnedTable, ids: readonly string[] | undefined, path: string): EventRef[] => (ids ?? []).map((id, i) => ({ table, id, path: `${path}.${i}` }));

/** Tasks are global (one SWE-bench instance across experiments): handled apart, as is the experiment event. */
export function eventScope(event: HarnessLabEvent): EventScope | null {
  switch (event.type) {
    case "experiment":
    case "task":
      return null;
    case "run":
      return { experiment: event.experiment, refs: [], creates: { table: "runs", id: event.id } };
    case "harness_version":
      return { experiment: event.experiment, refs: [...ref("harness_versions", event.parent, "parent"), ...ref("proposals", event.origin_proposal, "origin_proposal")], creates: { table: "harness_versions", id: event.id } };
    case "checkpoint":
      return { experiment: event.experiment, refs: ref("runs", event.run, "run"), creates: { table: "checkpoints", id: event.id } };
    case "source_file":
      return { experiment: event.experiment, refs: [], creates: { table: "source_files", id: event.id } };
    case "rollout":
      return {
        experiment: event.experiment,
        refs: [...ref("runs", event.run, "run"), ...ref("harness_versions", event.harness_version, "harness_version"), ...ref("checkpoints", event.checkpoint, "checkpoint"), ...ref("source_files", event.source_file, "source_file")],
        creates: { table: "rollouts", id: event.id },
      };
    case "skill":
      return { experiment: event.experiment, refs: refs("rollouts", event.source_rollouts, "source_rollouts") };
    case "evolution_round":
      return { experiment: event.experiment, refs: [...ref("runs", event.run, "run"), ...ref("harness_versions", event.incumbent, "incumbent")], creates: { table: "evolution_rounds", id: event.id } };
    case "proposal":
      return {
        experiment: event.experiment,
        refs: [
          ...ref("evolution_rounds", event.round, "round"), ...ref("harness_versions", event.base, "base"), ...ref("harness_versions", event.candidate, "candidate"),
          ...ref("proposals", event.parent, "parent"), ...event.evidence.map((e, i) => ({ table: "rollouts" as const, id: e.rollout, path: `evidence.${i}.rollout` })),
        ],
        creates: { table: "proposals", id: event.id },
      };
    case "comparison":
      return {
        owner: { table: "proposals", id: event.proposal, path: "proposal" },
        refs: [...ref("runs", event.run, "run"), ...refs("rollouts", event.base_rollouts, "base_rollouts"), ...refs("rollouts", event.candidate_rollouts, "candidate_rollouts")],
      };
    case "decision":
      return { owner: { table: "proposals", id: event.proposal, path: "proposal" }, refs: [] };
    case "metrics":
      return { owner: { table: "runs", id: event.run, path: "run" }, refs: [] };
    case "eval_result":
      return {
        experiment: event.experiment,
        refs: [
          ...ref("runs", event.run, "run"), ...ref("checkpoints", event.checkpoint, "checkpoint"), ...ref("harness_versions", event.harness_version, "harness_version"),
          ...event.results.flatMap((r, i) => ref("rollouts", r.rollout, `results.${i}.rollout`)),
        ],
      };
    case "failure_packet":
      return {
        experiment: event.experiment,
        refs: [...ref("runs", event.run, "run"), ...ref("checkpoints", event.target_checkpoint, "target_checkpoint"), ...refs("rollouts", event.rollouts, "rollouts")],
        creates: { table: "failure_packets", id: event.id },
      };
    case "patch_evaluation":
      return { experiment: event.experiment, refs: [...ref("failure_packets", event.failure_packet, "failure_packet"), ...ref("proposals", event.proposal, "proposal")] };
  }
}

/**
 * How a record belongs to a run, for a job's token, which writes only its own run's records: the fields that
 * place it in one (its run, or the records it hangs on that each belong to one). A record a job sends must name
 * at least one, and every one named must be the job's. Other references (a trainer's checkpoint an evaluation
 * evaluates, the proposal a comparison compares, the harness versions a rollout ran under) only point at the
 * job's experiment; they write nothing into another run.
 */
export interface RunTie {
  refs: EventRef[];
  /** The field a refusal names when the event names none. */
  path: string;
  /** What the event must name, in words: "its run (HARNESS_LAB_RUN)". */
  what: string;
  /** A tie to a record not stored yet nor in the batch is allowed (a candidate sent before the proposal citing it). */
  laterAllowed?: boolean;
}

const ITS_RUN = "its run (HARNESS_LAB_RUN)";
const byRun = (id: string | undefined): RunTie => ({ refs: ref("runs", id, "run"), path: "run", what: ITS_RUN });

/**
 * The run tie of an event a job sends, or null for the events that have none: the experiment, tasks and source
 * files are shared content (checked apart, or immutable), a run event is the run itself (checked apart), and a
 * decision is refused whatever it names (jobWriteRefusal). A harness version's tie is its origin proposal.
 */
export function runTie(event: HarnessLabEvent): RunTie | null {
  switch (event.type) {
    case "experiment":
    case "task":
    case "run":
    case "source_file":
    case "decision":
      return null;
    case "metrics":
    case "rollout":
    case "checkpoint":
    case "eval_result":
    case "evolution_round":
    case "failure_packet":
    case "comparison":
      return byRun(event.run);
    case "proposal":
      return { refs: ref("evolution_rounds", event.round, "round"), path: "round", what: "its round (an evolution_round of its run)" };
    case "skill":
      return { refs: refs("rollouts", event.source_rollouts, "source_rollouts"), path: "source_rollouts", what: "the rollouts of its run it was drawn from" };
    case "patch_evaluation":
      return { refs: ref("failure_packets", event.failure_packet, "failure_packet"), path: "failure_packet", what: "a failure packet of its run" };
    case "harness_version":
      return { refs: ref("proposals", event.origin_proposal, "origin_proposal"), path: "origin_proposal", what: "the proposal of its run whose candidate it is", laterAllowed: true };
  }
}

/** Why a job's token may not send this event whatever the store holds, or null. Tasks, runs and the experiment are checked against the store. */
export function jobWriteRefusal(event: HarnessLabEvent): { path: string; message: string } | null {
  if (event.type === "decision") {
    // A person's decision moves between stores with export and sync (an admin's work).
    if (event.actor_kind === "human") return { path: "actor_kind", message: "a job's token may record only its rule's decisions, not a person's" };
    // An accept makes the candidate the experiment's incumbent: a job proposes and compares, a person decides on
    // the Proposals page (or a trainer's own token outside the job system records its rule's decisions).
    return { path: "type", message: "a job's token cannot decide a proposal: a job proposes and compares, a person decides on the Proposals page" };
  }
  return null;
}

/**
 * Why a job's token may not create this harness version, or null. A job sends harness code only as a teacher's
 * candidate: derived from a version of its experiment (parent) for a proposal of its own run (origin_proposal),
 * and stored as arrived through a job token (unreviewed until a person looks). Never an initial version (an H0
 * defines an experiment), a manual one or an import. Re-sending a version its experiment already holds is the
 * apply step's to answer (unchanged, or 409: versions are immutable), so this is asked only of new ids.
 */
export function newHarnessVersionRefusal(event: Extract<HarnessLabEvent, { type: "harness_version" }>): { path: string; message: string } | null {
  if (event.origin !== "proposal") {
    return { path: "origin", message: `a job's token sends only candidates of its run's proposals (origin "proposal"), not a version of origin "${event.origin}": an experiment's initial version (H0) is not a job's to record` };
  }
  if (!event.parent) return { path: "parent", message: "a job's candidate derives from a version of its experiment: name it as parent (the proposal's base)" };
  if (!event.origin_proposal) return { path: "origin_proposal", message: "a job's harness version is the candidate of a proposal of its run: name it as origin_proposal" };
  return null;
}
