// A rate with the counts it rests on ("35.0%" over "7 of 20"), so a percentage never hides how few rollouts it
// has: the content of a numeric DataTable cell.
import { formatPercent, formatRatio } from "@/lib/format";

export function Rate({ count, total }: { count: number; total: number }) {
  return (
    <>
      {formatPercent(total === 0 ? null : count / total)}
      <div className="muted small">{formatRatio(count, total)}</div>
    </>
  );
}
