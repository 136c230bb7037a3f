// One rollout in the browser's table. Links are built from ids with encodeURIComponent: the rollout opens
// the viewer, the task its page, a search match the viewer at the matching turn.
import Link from "next/link";
import type { BrowserRow } from "@/db/queries/rollout-browser-rows";
import type { SortKey } from "@/lib/trajectories/browser-query";
import type { HookPosition } from "@/lib/domain/vocabulary";
import { formatCount, formatDuration, formatNumber } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { Badge } from "@/components/ui/badge";
import { Snippet } from "./snippet";
import styles from "./browser.module.css";

export interface Column {
  id: string;
  label: string;
  sort?: SortKey;
  numeric?: boolean;
  /** Fixed width (the table has a fixed layout, so rows keep the height the virtualizer expects). */
  width: string;
}

export const COLUMNS: Column[] = [
  { id: "rollout", label: "Rollout", width: "11rem" },
  { id: "task", label: "Task", width: "14rem" },
  { id: "experiment", label: "Experiment · run", width: "12rem" },
  { id: "purpose", label: "Purpose", width: "6.5rem" },
  { id: "step", label: "Step", sort: "step", numeric: true, width: "4.5rem" },
  { id: "outcome", label: "Outcome", width: "6.5rem" },
  { id: "reward", label: "Reward", sort: "reward", numeric: true, width: "5.5rem" },
  { id: "turns", label: "Turns", sort: "turns", numeric: true, width: "5rem" },
  { id: "tokens", label: "Tokens", sort: "tokens", numeric: true, width: "6.5rem" },
  { id: "cost", label: "Cost", sort: "cost", numeric: true, width: "6rem" },
  { id: "duration", label: "Duration", sort: "duration", numeric: true, width: "7rem" },
  { id: "exit", label: "Exit", width: "9rem" },
  { id: "created", label: "Stored", sort: "created", width: "7rem" },
];

/** With a search, where the words were found comes right after the task, where it is seen without scrolling. */
export const MATCH_COLUMN: Column = { id: "match", label: "Match", width: "28rem" };

export function columnsFor(showMatch: boolean): Column[] {
  return showMatch ? [COLUMNS[0], COLUMNS[1], MATCH_COLUMN, ...COLUMNS.slice(2)] : COLUMNS;
}

/** With the browser's "hook fired at" filter on, the viewer opens at that hook (?hook=). */
export function rolloutHref(id: string, hook?: HookPosition): string {
  const path = `/rollouts/${encodeURIComponent(id)}`;
  return hook ? `${path}?hook=${hook}` : path;
}

const OUTCOME_TONE = { success: "success", failure: "danger", unknown: "neutral" } as const;

interface Props {
  row: BrowserRow;
  index: number;
  selected: boolean;
  showMatch: boolean;
  height: number;
  onSelect: (index: number) => void;
  /** The browser's hook filter, carried into the viewer's link. */
  hook?: HookPosition;
}

export function RolloutRow({ row, index, selected, showMatch, height, onSelect, hook }: Props) {
  const href = rolloutHref(row.id, hook);
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={selected ? `${styles.row} ${styles.selected}` : styles.row}
      style={{ height }}
      onClick={() => onSelect(index)}
    >
      <th scope="row" className={styles.clip}>
        <Link href={href} className="mono" title={row.id}>
          {row.id}
        </Link>
      </th>
      <td className={styles.clip}>
        <Link href={`/tasks/${encodeURIComponent(row.taskId)}`} className="mono" title={`${row.taskKey} (${row.benchmark})`}>
          {row.taskKey}
        </Link>
        <div className={`muted small ${styles.clip}`}>{row.benchmark}</div>
      </td>
      {showMatch && (
        <td>
          {row.match ? (
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
          )}
        </td>
      )}
      <td className={styles.clip} title={`${row.experimentName} · ${row.runName ?? row.runId}`}>
        {row.experimentName}
        <div className={`muted small ${styles.clip}`}>
          {row.runName ?? row.runId}
          {row.harnessLabel ? ` · ${row.harnessLabel}` : ""}
        </div>
      </td>
      <td>{row.purpose}</td>
      <td className="num">{row.step ?? "—"}</td>
      <td>
        <Badge tone={OUTCOME_TONE[row.outcome]} title={row.outcome === "unknown" ? "reward never established" : undefined}>
          {row.outcome}
        </Badge>
      </td>
      <td className="num">{formatNumber(row.reward)}</td>
      <td className="num">{formatCount(row.numTurns)}</td>
      <td className="num">{formatCount(row.tokens)}</td>
      <td className="num">{row.costUsd === null ? "—" : `$${formatNumber(row.costUsd, 4)}`}</td>
      <td className="num">{formatDuration(row.durationMs)}</td>
      <td className={styles.clip}>
        {row.exitStatus ?? <span className="muted">—</span>}
        {row.truncated && (
          <div>
            <Badge tone="warning">{row.truncationKind ? `truncated (${row.truncationKind})` : "truncated"}</Badge>
          </div>
        )}
      </td>
      <td className="nowrap">
        <RelativeTime ms={row.createdAt} />
      </td>
    </tr>
  );
}
