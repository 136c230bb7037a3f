// Verdicts that join rollouts after the fact: an eval result sent with join_rollouts (an evaluation report
// imported before or after its trajectories) gives its verdicts to the run's rollouts of each task whose
// outcome is still unknown (reward null). Whichever of the two arrives second does the join, so the order of
// imports never matters. A joined outcome is set once (rollouts.outcome_eval_run_id): a later joining verdict
// that differs for the same rollout is a conflict (409) naming both eval results. The rollout's content hash
// stays the hash of the event as sent, so re-sending the rollout or the eval result is still "unchanged".
import "server-only";
import type { EventOf } from "../../lib/events/contract";
import type { ApplyContext } from "./context";

interface RolloutOutcome {
  id: string;
  reward: number | null;
  success: number;
  outcome_eval_run_id: string | null;
}

const SET_OUTCOME = "UPDATE rollouts SET success = ?, reward = ?, outcome_eval_run_id = ? WHERE id = ?";
const LINK_RESULT = "UPDATE eval_results SET rollout_id = ? WHERE eval_run_id = ? AND task_id = ? AND rollout_id IS NULL";

const describeVerdict = (success: boolean, reward: number | null) => `${success ? "success" : "failure"}, reward ${reward ?? "unknown"}`;

/** After a joining eval result is inserted: its verdicts go to the rollouts already stored. */
export function joinVerdictsToStoredRollouts(ctx: ApplyContext, e: EventOf<"eval_result">): void {
  if (!e.join_rollouts || e.run === undefined) return;
  const rolloutsOf = ctx.stmt("SELECT id, reward, success, outcome_eval_run_id FROM rollouts WHERE run_id = ? AND task_id = ? ORDER BY rowid");
  e.results.forEach((result, i) => {
    const reward = result.reward ?? (result.success ? 1 : 0);
    const rollouts = rolloutsOf.all(e.run, result.task) as RolloutOutcome[];
    for (const rollout of rollouts) {
      if (rollout.outcome_eval_run_id !== null) {
        if (Boolean(rollout.success) !== result.success || rollout.reward !== reward) {
          ctx.conflict(`results.${i}`,
            `rollout "${rollout.id}" already has the verdict of eval result "${rollout.outcome_eval_run_id}" (${describeVerdict(Boolean(rollout.success), rollout.reward)}); ` +
            `eval result "${e.id}" says ${describeVerdict(result.success, reward)}; a joined verdict is immutable, import the other report into a new run`);
        }
        continue;
      }
      if (rollout.reward === null) ctx.stmt(SET_OUTCOME).run(result.success ? 1 : 0, reward, e.id, rollout.id);
    }
    if (rollouts.length > 0) ctx.stmt(LINK_RESULT).run(rollouts[0]!.id, e.id, result.task);
  });
}

/** After a rollout with an unknown outcome is inserted: a joining verdict that arrived earlier goes to it. */
export function joinEarlierVerdict(ctx: ApplyContext, e: EventOf<"rollout">): void {
  if (e.reward !== null) return;
  const verdict = ctx.stmt(
    `SELECT r.eval_run_id AS evalRun, r.success AS success, r.reward AS reward FROM eval_results r JOIN eval_runs v ON v.id = r.eval_run_id
     WHERE v.run_id = ? AND r.task_id = ? AND v.joins_rollouts = 1 ORDER BY v.rowid LIMIT 1`,
  ).get(e.run, e.task) as { evalRun: string; success: number; reward: number | null } | undefined;
  if (!verdict) return;
  const reward = verdict.reward ?? (verdict.success ? 1 : 0);
  ctx.stmt(SET_OUTCOME).run(verdict.success, reward, verdict.evalRun, e.id);
  ctx.stmt(LINK_RESULT).run(e.id, verdict.evalRun, e.task);
}
