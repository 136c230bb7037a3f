// The one badge of a rollout's outcome (lists, the viewer's header, compare, skills), by the one rule of
// lib/domain/outcome.ts: an unknown reward is neither success nor failure.
import { outcomeOf, type Outcome } from "@/lib/domain/outcome";
import { Badge, type BadgeTone } from "@/components/ui/badge";

const TONE: Record<Outcome, BadgeTone> = { success: "success", failure: "danger", unknown: "neutral" };
const TITLE: Record<Outcome, string | undefined> = {
  success: undefined,
  failure: undefined,
  unknown: "reward never established",
};

export function RolloutOutcomeBadge({ success, reward }: { success: boolean; reward: number | null }) {
  const outcome = outcomeOf({ success, reward });
  return (
    <Badge tone={TONE[outcome]} title={TITLE[outcome]}>
      {outcome}
    </Badge>
  );
}

/** "yes (turns)" as a warning badge, or a muted "no". */
export function TruncationCell({ truncated, kind }: { truncated: boolean; kind?: string | null }) {
  if (!truncated) return <span className="muted">no</span>;
  return <Badge tone="warning">{kind ? `yes (${kind})` : "yes"}</Badge>;
}
