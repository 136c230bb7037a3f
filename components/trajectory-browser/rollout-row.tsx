// One rollout in the browser's table. Links are built from ids with encodeURIComponent: the rollout opens
// the viewer, the task its page, a search match the viewer at the matching turn. Cells carry their column's
// priority, so the browser's narrow-screen rules hide the same columns in the header and the rows.
import type { ReactNode } from "react";
import Link from "next/link";
import type { BrowserRow } from "@/db/queries/rollout-browser-rows";
import type { SortKey } from "@/lib/trajectories/browser-query";
import type { HookPosition } from "@/lib/domain/vocabulary";
import { formatCount, formatDuration, formatNumber } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { Badge } from "@/components/ui/badge";
import { Snippet } from "./snippet";
import type { ColumnPriority } from "@/components/tables/columns";
import styles from "./browser.module.css";
import { RolloutOutcomeBadge } from "@/components/runs/outcome-badge";

export interface Column {
  id: string;
  label: string;
  sort?: SortKey;
  numeric?: boolean;
  /** Fixed width (the table has a fixed layout, so rows keep the height the virtualizer expects). */
  width: string;
  /** As in the one table's column spec (components/tables/columns.ts): 2 and 3 give way on narrow screens. */
  priority: ColumnPriority;
}

/**
 * What a researcher reads first comes first (id, outcome, reward, turns, exit), so a search's Match column
 * or a narrow window never pushes them out of view; where the rollout came from and its costs follow.
 */
// Widths sum to 86rem without a search: the whole row fits the page at 1440 px (the trajectory page uses the
// window's width, e2e/table-fit.spec.ts checks it); ids and names longer than their column are clipped with the
// full text as the cell's title.
export const COLUMNS: Column[] = [
  { id: "rollout", label: "Rollout", width: "10rem", priority: 1 },
  { id: "task", label: "Task", width: "10.5rem", priority: 2 },
  { id: "outcome", label: "Outcome", width: "6rem", priority: 1 },
  { id: "reward", label: "Reward", sort: "reward", numeric: true, width: "5.5rem", priority: 1 },
  { id: "turns", label: "Turns", sort: "turns", numeric: true, width: "5rem", priority: 2 },
  { id: "exit", label: "Exit", width: "6.5rem", priority: 2 },
  { id: "experiment", label: "Experiment · run", width: "10rem", priority: 3 },
  { id: "purpose", label: "Purpose", width: "5.5rem", priority: 3 },
  { id: "step", label: "Step", sort: "step", numeric: true, width: "4.5rem", priority: 3 },
  { id: "tokens", label: "Tokens", sort: "tokens", numeric: true, width: "5.5rem", priority: 3 },
  { id: "cost", label: "Cost", sort: "cost", numeric: true, width: "5rem", priority: 3 },
  { id: "duration", label: "Duration", sort: "duration", numeric: true, width: "6rem", priority: 3 },
  { id: "created", label: "Stored", sort: "created", width: "6rem", priority: 3 },
];

/** With a search, where the words were found comes after the figures, still seen without scrolling. */
export const MATCH_COLUMN: Column = { id: "match", label: "Match", width: "24rem", priority: 2 };

/** Filtered to one experiment, its name would repeat on every row: the column shows the run only. */
const RUN_COLUMN: Column = { id: "experiment", label: "Run", width: "10rem", priority: 3 };

export interface ColumnOptions {
  showMatch: boolean;
  oneExperiment: boolean;
  /** The trainer's value the filter names: its own column right after the reward, headed by its key. */
  valueKey?: string;
}

export function columnsFor({ showMatch, oneExperiment, valueKey }: ColumnOptions): Column[] {
  let base = COLUMNS.map((c) => (c.id === "experiment" && oneExperiment ? RUN_COLUMN : c));
  if (valueKey !== undefined) {
    const afterReward = base.findIndex((c) => c.id === "reward") + 1;
    base = [...base.slice(0, afterReward), { id: "value", label: valueKey, numeric: true, width: "7rem", priority: 1 }, ...base.slice(afterReward)];
  }
  const at = base.findIndex((c) => c.id === "exit") + 1;
  return showMatch ? [...base.slice(0, at), MATCH_COLUMN, ...base.slice(at)] : base;
}

/** With the browser's "hook fired at" filter on, the viewer opens at that hook (?hook=). */
export function rolloutHref(id: string, hook?: HookPosition): string {
  const path = `/rollouts/${encodeURIComponent(id)}`;
  return hook ? `${path}?hook=${hook}` : path;
}


interface Props {
  row: BrowserRow;
  index: number;
  selected: boolean;
  columns: Column[];
  height: number;
  onSelect: (index: number) => void;
  /** The browser's hook filter, carried into the viewer's link. */
  hook?: HookPosition;
}

export function RolloutRow({ row, index, selected, columns, height, onSelect, hook }: Props) {
  const href = rolloutHref(row.id, hook);
  const cells: Record<string, ReactNode> = {
    task: (
      <>
        <Link href={`/tasks/${encodeURIComponent(row.taskId)}`} className="mono" title={`${row.taskKey} (${row.benchmark})`}>
          {row.taskKey}
        </Link>
        <div className={`muted small ${styles.clip}`}>{row.benchmark}</div>
      </>
    ),
    match: row.match ? (
      <>
        <Link href={`${href}#turn-${row.match.turnIdx}`} className="small">
          turn {row.match.turnIdx}
        </Link>{" "}
        <span className={styles.snippet}>
          <Snippet parts={row.match.parts} />
        </span>
      </>
    ) : (
      <span className="muted">—</span>
    ),
    experiment: (
      <>
        {columns.some((c) => c.id === "experiment" && c.label === "Run") ? (
          <>{row.runName ?? row.runId}</>
        ) : (
          <>
            {row.experimentName}
            <div className={`muted small ${styles.clip}`}>{row.runName ?? row.runId}</div>
          </>
        )}
        {row.harnessLabel && <div className={`muted small ${styles.clip}`}>{row.harnessLabel}</div>}
      </>
    ),
    purpose: row.purpose,
    step: row.step ?? "—",
    outcome: (
      <RolloutOutcomeBadge success={row.success} reward={row.reward} />
    ),
    reward: formatNumber(row.reward),
    value: formatNumber(row.value ?? null),
    turns: formatCount(row.numTurns),
    tokens: formatCount(row.tokens),
    cost: row.costUsd === null ? "—" : `$${formatNumber(row.costUsd, 4)}`,
    duration: formatDuration(row.durationMs),
    exit: (
      <>
        {row.exitStatus ?? <span className="muted">—</span>}
        {row.truncated && (
          <div>
            <Badge tone="warning">{row.truncationKind ? `truncated (${row.truncationKind})` : "truncated"}</Badge>
          </div>
        )}
      </>
    ),
    created: <RelativeTime ms={row.createdAt} />,
  };
  const titles: Record<string, string> = {
    experiment: `${row.experimentName} · ${row.runName ?? row.runId}${row.harnessLabel ? ` · ${row.harnessLabel}` : ""}`,
    exit: row.exitStatus ?? "",
  };
  const clipped = new Set(["task", "experiment", "exit"]);
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={selected ? `${styles.row} ${styles.selected}` : styles.row}
      style={{ height }}
      onClick={() => onSelect(index)}
    >
      {columns.map((c) =>
        c.id === "rollout" ? (
          <th key={c.id} scope="row" className={styles.clip} data-priority={c.priority}>
            <Link href={href} className="mono" title={row.id}>
              {row.id}
            </Link>
          </th>
        ) : (
          <td
            key={c.id}
            data-priority={c.priority}
            className={[c.numeric && "num", clipped.has(c.id) && styles.clip, c.id === "created" && "nowrap"].filter(Boolean).join(" ") || undefined}
            title={titles[c.id] || undefined}
          >
            {cells[c.id]}
          </td>
        ),
      )}
    </tr>
  );
}
