// How a step's groups split by verdict reason ("1 mixed · 2 all failed · …"), in the closed order of the reasons.
import type { StepGroupRow } from "@/db/queries/run-steps";
import { GROUP_USABILITY_REASONS, reasonLabel } from "@/lib/metrics/group-usability";
import { formatCount } from "@/lib/format";

export function ReasonSummary({ groups }: { groups: StepGroupRow[] }) {
  const counts = new Map<string, number>();
  for (const g of groups) counts.set(g.usability.reason, (counts.get(g.usability.reason) ?? 0) + 1);
  const parts = GROUP_USABILITY_REASONS.filter((r) => counts.has(r)).map((r) => `${formatCount(counts.get(r))} ${reasonLabel(r)}`);
  const usable = groups.filter((g) => g.usability.usable).length;
  return (
    <p>
      {formatCount(usable)} of {formatCount(groups.length)} {groups.length === 1 ? "group" : "groups"} usable for the update
      {parts.length > 0 && <span className="muted"> ({parts.join(" · ")})</span>}.
    </p>
  );
}
