// The GRPO groups of one step: size, outcomes, truncation, and whether each fed the update and why.
import Link from "next/link";
import type { StepGroupRow } from "@/db/queries/run-steps";
import { describeGroupUsability } from "@/lib/metrics/group-usability";
import { formatCount } from "@/lib/format";
import { groupPath, rolloutPath, taskPath } from "@/lib/http/page-links";
import { UsabilityBadge } from "./usability-badge";

function GroupCell({ runId, step, group }: { runId: string; step: number; group: StepGroupRow }) {
  if (group.groupId !== null) {
    return (
      <Link href={groupPath(runId, step, group.groupId)} className="mono">
        {group.groupId}
      </Link>
    );
  }
  return (
    <span>
      <span className="muted">ungrouped</span>
      {group.soleRolloutId && (
        <div className="small">
          <Link href={rolloutPath(group.soleRolloutId)} className="mono">
            {group.soleRolloutId}
          </Link>
        </div>
      )}
    </span>
  );
}

export function StepGroupsTable({ runId, step, groups }: { runId: string; step: number; groups: StepGroupRow[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">GRPO groups of step {step}</caption>
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Task</th>
            <th scope="col" className="num">K</th>
            <th scope="col" className="num">Successes</th>
            <th scope="col" className="num">Truncated</th>
            <th scope="col" className="num">Unknown reward</th>
            <th scope="col">Update</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group, i) => (
            <tr key={group.groupId ?? `solo-${group.soleRolloutId ?? i}`}>
              <th scope="row" className="wrap-anywhere">
                <GroupCell runId={runId} step={step} group={group} />
              </th>
              <td className="wrap-anywhere">
                {group.tasks.map((task) => (
                  <div key={task.id}>
                    <Link href={taskPath(task.id)} className="mono">
                      {task.key}
                    </Link>{" "}
                    <span className="muted small">{task.benchmark}</span>
                  </div>
                ))}
                {group.tasks.length > 1 && <div className="small error">one group id, {group.tasks.length} tasks</div>}
              </td>
              <td className="num">{formatCount(group.size)}</td>
              <td className="num">{formatCount(group.successes)}</td>
              <td className="num">{formatCount(group.truncated)}</td>
              <td className="num">{formatCount(group.unknownReward)}</td>
              <td>
                <UsabilityBadge usable={group.usability.usable} />
              </td>
              <td>{describeGroupUsability(group.usability)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
