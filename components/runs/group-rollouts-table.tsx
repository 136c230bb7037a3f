// The K rollouts of one GRPO group, each with what the update made of it (kept, or dropped and why).
import Link from "next/link";
import type { GroupRolloutRow } from "@/db/queries/run-steps";
import type { DropCause } from "@/lib/metrics/group-usability";
import { formatCount, formatNumber } from "@/lib/format";
import { rolloutPath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { RolloutOutcomeBadge, TruncationCell } from "./outcome-badge";

const DROP_TEXT: Record<DropCause, string> = {
  truncated: "dropped: truncated",
  "unknown-reward": "dropped: unknown reward",
};

export function GroupRolloutsTable({ rollouts, drops }: { rollouts: GroupRolloutRow[]; drops: Array<DropCause | null> }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">The rollouts of this group</caption>
        <thead>
          <tr>
            <th scope="col" className="num">Sample</th>
            <th scope="col">Rollout</th>
            <th scope="col">Outcome</th>
            <th scope="col" className="num">Reward</th>
            <th scope="col">Truncated</th>
            <th scope="col">Exit status</th>
            <th scope="col" className="num">Turns</th>
            <th scope="col">In the update</th>
            <th scope="col">Harness</th>
            <th scope="col">Checkpoint</th>
          </tr>
        </thead>
        <tbody>
          {rollouts.map((r, i) => {
            const drop = drops[i];
            return (
              <tr key={r.id}>
                <td className="num">{r.sampleIndex ?? "—"}</td>
                <th scope="row" className="wrap-anywhere">
                  <Link href={rolloutPath(r.id)} className="mono">
                    {r.id}
                  </Link>
                </th>
                <td>
                  <RolloutOutcomeBadge success={r.success} reward={r.reward} />
                </td>
                <td className="num" title={r.reward === null ? "reward unknown" : undefined}>
                  {formatNumber(r.reward)}
                </td>
                <td>
                  <TruncationCell truncated={r.truncated} kind={r.truncationKind} />
                </td>
                <td className="wrap-anywhere">{r.exitStatus ?? <span className="muted">—</span>}</td>
                <td className="num">{formatCount(r.numTurns)}</td>
                <td>{drop === null || drop === undefined ? <Badge tone="outline">kept</Badge> : <Badge tone="warning">{DROP_TEXT[drop]}</Badge>}</td>
                <td>{r.harnessLabel ?? <span className="muted">—</span>}</td>
                <td className="wrap-anywhere">{r.checkpointName ?? r.checkpointId ?? <span className="muted">—</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
