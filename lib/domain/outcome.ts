// A rollout's outcome as the trajectory views show and filter it. "unknown" is a rollout whose reward
// was never established (e.g. a trajectory imported without its evaluation report): it is not a failure.
export const OUTCOMES = ["success", "failure", "unknown"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export function outcomeOf(rollout: { success: boolean; reward: number | null }): Outcome {
  if (rollout.success) return "success";
  return rollout.reward === null ? "unknown" : "failure";
}

/** The same rule as SQL over the rollouts table (alias `r`), for filters and counts that follow them. */
export const OUTCOME_SQL = "CASE WHEN r.success = 1 THEN 'success' WHEN r.reward IS NULL THEN 'unknown' ELSE 'failure' END";
