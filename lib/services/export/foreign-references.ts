// References from one experiment into another. The contract allows them (a rollout may use a checkpoint that
// another experiment trained), but an export of ONE experiment would then not import into an empty store:
// the target would refuse the reference. Found before anything is written, so the export can say which.
import "server-only";
import type Database from "better-sqlite3";

/** What points where, as `SELECT from_id, to_id` of this experiment's records whose target belongs to another. */
const CHECKS: Array<{ what: string; sql: string }> = [
  { what: "checkpoint → run", sql: "SELECT x.id, r.id FROM checkpoints x JOIN runs r ON r.id = x.run_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "harness version → parent", sql: "SELECT x.id, r.id FROM harness_versions x JOIN harness_versions r ON r.id = x.parent_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "rollout → run", sql: "SELECT x.id, r.id FROM rollouts x JOIN runs r ON r.id = x.run_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "rollout → harness version", sql: "SELECT x.id, r.id FROM rollouts x JOIN harness_versions r ON r.id = x.harness_version_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "rollout → checkpoint", sql: "SELECT x.id, r.id FROM rollouts x JOIN checkpoints r ON r.id = x.checkpoint_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "rollout → source file", sql: "SELECT x.id, r.id FROM rollouts x JOIN source_files r ON r.id = x.source_file_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "skill → rollout", sql: "SELECT x.id, r.id FROM skills x JOIN skill_sources l ON l.skill_id = x.id JOIN rollouts r ON r.id = l.rollout_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "evolution round → run", sql: "SELECT x.id, r.id FROM evolution_rounds x JOIN runs r ON r.id = x.run_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "evolution round → incumbent", sql: "SELECT x.id, r.id FROM evolution_rounds x JOIN harness_versions r ON r.id = x.incumbent_harness_version_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "proposal → round", sql: "SELECT x.id, r.id FROM proposals x JOIN evolution_rounds r ON r.id = x.round_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "proposal → harness version", sql: "SELECT x.id, r.id FROM proposals x JOIN harness_versions r ON r.id IN (x.base_harness_version_id, x.candidate_harness_version_id) WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "proposal → parent", sql: "SELECT x.id, r.id FROM proposals x JOIN proposals r ON r.id = x.parent_proposal_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "proposal → evidence rollout", sql: "SELECT x.id, r.id FROM proposals x JOIN proposal_evidence l ON l.proposal_id = x.id JOIN rollouts r ON r.id = l.rollout_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "comparison → run", sql: "SELECT c.id, r.id FROM comparisons c JOIN proposals x ON x.id = c.proposal_id JOIN runs r ON r.id = c.run_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "comparison → rollout", sql: "SELECT c.id, r.id FROM comparisons c JOIN proposals x ON x.id = c.proposal_id JOIN comparison_rollouts l ON l.comparison_id = c.id JOIN rollouts r ON r.id = l.rollout_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "eval result → run", sql: "SELECT x.id, r.id FROM eval_runs x JOIN runs r ON r.id = x.run_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "eval result → checkpoint", sql: "SELECT x.id, r.id FROM eval_runs x JOIN checkpoints r ON r.id = x.checkpoint_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "eval result → harness version", sql: "SELECT x.id, r.id FROM eval_runs x JOIN harness_versions r ON r.id = x.harness_version_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "eval result → rollout", sql: "SELECT x.id, r.id FROM eval_runs x JOIN eval_results l ON l.eval_run_id = x.id JOIN rollouts r ON r.id = l.rollout_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "failure packet → run", sql: "SELECT x.id, r.id FROM failure_packets x JOIN runs r ON r.id = x.run_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "failure packet → checkpoint", sql: "SELECT x.id, r.id FROM failure_packets x JOIN checkpoints r ON r.id = x.target_checkpoint_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "failure packet → rollout", sql: "SELECT x.id, r.id FROM failure_packets x JOIN failure_packet_rollouts l ON l.failure_packet_id = x.id JOIN rollouts r ON r.id = l.rollout_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "patch evaluation → failure packet", sql: "SELECT x.id, r.id FROM patch_evaluations x JOIN failure_packets r ON r.id = x.failure_packet_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
  { what: "patch evaluation → proposal", sql: "SELECT x.id, r.id FROM patch_evaluations x JOIN proposals r ON r.id = x.proposal_id WHERE x.experiment_id = @e AND r.experiment_id <> @e" },
];

export interface ForeignReference {
  what: string;
  from: string;
  to: string;
}

/** Up to `limit` references from the experiment's records into other experiments; empty when it stands alone. */
export function findForeignReferences(sqlite: Database.Database, experiment: string, limit = 10): ForeignReference[] {
  const found: ForeignReference[] = [];
  for (const check of CHECKS) {
    const rows = sqlite.prepare(`${check.sql} LIMIT @limit`).raw().all({ e: experiment, limit: limit - found.length }) as Array<[string, string]>;
    for (const [from, to] of rows) found.push({ what: check.what, from, to });
    if (found.length >= limit) break;
  }
  return found;
}
