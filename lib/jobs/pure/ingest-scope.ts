// Which experiment an event writes into, and which other records it points at — what the ingest route needs
// to keep a job's token inside its own experiment. Pure: the store lookups are in db/queries/jobs-ingest-scope.ts.
import type { HarnessLabEvent } from "../../events/contract";

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
