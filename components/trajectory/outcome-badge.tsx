// A rollout's outcome by the one rule in lib/domain/outcome: success, failure, or unknown (the reward
// was never established, e.g. a trajectory imported without its report).
import { outcomeOf } from "@/lib/domain/outcome";

const TONES = { success: "badge-success", failure: "badge-danger", unknown: "badge-neutral" } as const;

export function RolloutOutcomeBadge({ success, reward }: { success: boolean; reward: number | null }) {
  const outcome = outcomeOf({ success, reward });
  return (
    <span className={`badge ${TONES[outcome]}`} data-outcome={outcome} title={outcome === "unknown" ? "reward never established" : undefined}>
      {outcome}
    </span>
  );
}
