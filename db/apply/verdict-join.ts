// Verdicts that join rollouts after the fact: an eval result sent with join_rollouts (an evaluation report
// imported before or after its trajectories) gives its verdicts to the run's rollouts of each task whose
// outcome is still unknown (reward null). Whichever of the two arrives second does the join, so the order of
// imports never matters. A joined outcome is set once (rollouts.outcome_eval_run_id): a later joining verdict
// that differs for the same rollout is a conflict (409) naming both eval results. The rollout's content hash
// stays the hash of the event as sent, so re-sending the rollout or the eval result is still "unchanged".
// A result that names an `attempt` (one Harbor trial of several of a task) joins only the rollouts whose
// metadata.attempt is that; one without joins every rollout of the task except attempts a retry loop did not
// choose (metadata.chosen false, SWE-agent RetryAgent): the evaluated verdict is the chosen attempt's.
import "server-only";
import type { EventOf } from "../../lib/events/contract";
import type { ApplyContext } from "./context";
import { JOIN_ATTEMPT_KEY } from "../../lib/events/evaluation-events";

interface RolloutOutcome {
  id: string;
  reward: number | null;
  success: number;
  outcome_eval_run_id: string | null;
}

const SET_OUTCOME = "UPDATE rollouts SET success = ?, reward = ?, outcome_eval_run_id = ? WHERE id = ?";
const LINK_RESULT = "UPDATE eval_results SET rollout_id = ? WHERE eval_run_id = ? AND task_id = ? AND rollout_id IS NULL";

const ATTEMPT_OF_ROLLOUT = "json_extract(metadata, '$.attempt')";
/** A verdict without attempt is the chosen attempt's: rollouts marked chosen false are left out. */
const UNCHOSEN_LEFT_OUT = "coalesce(json_extract(metadata, '$.chosen'), 1) IS NOT 0";

const describeVerdict = (success: boolean, reward: number | null) => `${success ? "success" : "failure"}, reward ${reward ?? "unknown"}`;

/** After a joining eval result is inserted: its verdicts go to the rollouts already stored. */
export function joinVerdictsToStoredRollouts(ctx: ApplyContext, e: EventOf<"eval_result">): void {
  if (!e.join_rollouts || e.run === undefined) return;
  const rolloutsOf = ctx.stmt(`SELECT id, reward, success, outcome_eval_run_id FROM rollouts WHERE run_id = ? AND task_id = ? AND ${UNCHOSEN_LEFT_OUT} ORDER BY rowid`);
  const rolloutsOfAttempt = ctx.stmt(`SELECT id, reward, success, outcome_eval_run_id FROM rollouts WHERE run_id = ? AND task_id = ? AND ${ATTEMPT_OF_ROLLOUT} = ? ORDER BY rowid`);
  e.results.forEach((result, i) => {
    const reward = result.reward ?? (result.success ? 1 : 0);
    const rollouts = (result.attempt === undefined ? rolloutsOf.all(e.run, result.task) : rolloutsOfAttempt.all(e.run, result.task, result.attempt)) as RolloutOutcome[];
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
  const attempt = typeof e.metadata?.attempt === "string" ? e.metadata.attempt : null;
  const unchosen = e.metadata?.chosen === false;
  // A verdict naming this rollout's attempt first; else (for a chosen or only attempt) one naming none.
  const verdict = ctx.stmt(
    `SELECT r.eval_run_id AS evalRun, r.success AS success, r.reward AS reward FROM eval_results r JOIN eval_runs v ON v.id = r.eval_run_id
     WHERE v.run_id = ? AND r.task_id = ? AND v.joins_rollouts = 1
       AND (json_extract(r.details, '$.${JOIN_ATTEMPT_KEY}') = ? OR (? = 0 AND json_extract(r.details, '$.${JOIN_ATTEMPT_KEY}') IS NULL))
     ORDER BY json_extract(r.details, '$.${JOIN_ATTEMPT_KEY}') IS NULL, v.rowid LIMIT 1`,
  ).get(e.run, e.task, attempt, unchosen ? 1 : 0) as { evalRun: string; success: number; reward: number | null } | undefined;
  if (!verdict) return;
  const reward = verdict.reward ?? (verdict.success ? 1 : 0);
  ctx.stmt(SET_OUTCOME).run(verdict.success, reward, verdict.evalRun, e.id);
  ctx.stmt(LINK_RESULT).run(e.id, verdict.evalRun, e.task);
}
