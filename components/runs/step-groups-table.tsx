// The GRPO groups of one step: size, outcomes, truncation, and whether each fed the update and why. Drawn by
// the one DataTable: long group ids are cut with their full text on hover and focus.
import Link from "next/link";
import type { StepGroupRow } from "@/db/queries/run-steps";
import { describeGroupUsability } from "@/lib/metrics/group-usability";
import { formatCount } from "@/lib/format";
import { groupPath, rolloutPath, taskPath } from "@/lib/http/page-links";
import { UsabilityBadge } from "./usability-badge";
import { DataTable, type Column } from "@/components/tables/data-table";

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

function columns(runId: string, step: number): Column<StepGroupRow>[] {
  return [
    {
      id: "group",
      label: "Group",
      header: "Group",
      truncate: { width: "clamp(8rem, 30vw, 22rem)", text: (g) => g.groupId ?? g.soleRolloutId ?? "ungrouped" },
      cell: (g) => <GroupCell runId={runId} step={step} group={g} />,
    },
    {
      id: "task",
      label: "Task",
      header: "Task",
      priority: 2,
      truncate: { width: "clamp(8rem, 24vw, 18rem)", text: (g) => g.tasks.map((t) => `${t.key} (${t.benchmark})`).join(", ") },
      cell: (g) => (
        <>
          {g.tasks.map((task) => (
            <div key={task.id}>
              <Link href={taskPath(task.id)} className="mono">
                {task.key}
              </Link>{" "}
              <span className="muted small">{task.benchmark}</span>
            </div>
          ))}
          {g.tasks.length > 1 && <div className="small error">one group id, {g.tasks.length} tasks</div>}
        </>
      ),
    },
    { id: "k", label: "K", header: "K", numeric: true, priority: 3, cell: (g) => formatCount(g.size) },
    { id: "successes", label: "Successes", header: "Successes", numeric: true, cell: (g) => formatCount(g.successes) },
    { id: "truncated", label: "Truncated", header: "Truncated", numeric: true, priority: 3, cell: (g) => formatCount(g.truncated) },
    { id: "unknown", label: "Unknown reward", header: "Unknown reward", numeric: true, priority: 3, cell: (g) => formatCount(g.unknownReward) },
    { id: "update", label: "Update", header: "Update", cell: (g) => <UsabilityBadge usable={g.usability.usable} /> },
    { id: "why", label: "Why", header: "Why", priority: 2, cell: (g) => describeGroupUsability(g.usability) },
  ];
}

export function StepGroupsTable({ runId, step, groups }: { runId: string; step: number; groups: StepGroupRow[] }) {
  return (
    <DataTable
      columns={columns(runId, step)}
      rows={groups}
      rowKey={(g, i) => g.groupId ?? `solo-${g.soleRolloutId ?? i}`}
      caption={`GRPO groups of step ${step}`}
      captionHidden
    />
  );
}
