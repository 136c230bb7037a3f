// Section 1 of the Harness-R1 views: which hook position mattered. Per environment a bar chart of the change in
// pass@1 when one position is removed from the full patch (side by side, one x range), the rankings side by side
// with their mean over environments, and every bar's numbers (both drawn by the one DataTable, exports built in).
// Without an ablation it says what data makes one.
import Link from "next/link";
import type { AblationSet } from "@/lib/harness-r1/ablation";
import { ablationCharts, ablationTable, chartAxis, rankingTable } from "@/lib/harness-r1/ablation-view";
import type { HarnessR1View } from "@/lib/harness-r1/view-params";
import { formatPercent } from "@/lib/format";
import { harnessComparePath, harnessR1Path } from "@/lib/http/page-links";
import { formatIntervalPp, formatPp, formatSizePp } from "@/lib/stats/format-stats";
import { DataTable, type Column } from "@/components/tables/data-table";
import { PlainTable } from "@/components/tables/plain-table";
import { AblationBarChart } from "./ablation-bar-chart";
import styles from "./harness-r1.module.css";

interface Props {
  experimentId: string;
  view: HarnessR1View;
  /** Every full patch × checkpoint with an evaluated ablation (links when more than one). */
  sets: Array<{ fullId: string; checkpointId: string; size: number }>;
  set: AblationSet | null;
  versionLabel: (id: string) => string;
  checkpointLabel: (id: string) => string;
}

const pp = (fraction: number | null) => (fraction === null ? null : fraction * 100);

type Bar = { benchmark: string; bar: AblationSet["benchmarks"][number]["bars"][number] };

/** Every bar's numbers, the position heading each row (after its environment). */
function barColumns(versionLabel: (id: string) => string): Column<Bar>[] {
  return [
    { id: "environment", label: "Environment", header: "Environment", value: (r) => r.benchmark },
    { id: "position", label: "Position", header: "Position", value: (r) => r.bar.position },
    { id: "change", label: "Change", header: "Change", numeric: true, cell: ({ bar: d }) => formatPp(pp(d.drop.mean === null ? null : -d.drop.mean)) },
    { id: "interval", label: "95 % interval", header: "95 % interval", priority: 2, cell: ({ bar: d }) => formatIntervalPp(d.drop.ci && [-d.drop.ci[1], -d.drop.ci[0]]) },
    { id: "se", label: "SE", header: "SE", numeric: true, priority: 3, cell: ({ bar: d }) => formatSizePp(pp(d.drop.se)) },
    { id: "tasks", label: "Tasks", header: "Tasks", numeric: true, priority: 3, cell: ({ bar: d }) => d.drop.n },
    { id: "full", label: "pass@1 full", header: "pass@1 full", numeric: true, priority: 2, cell: ({ bar: d }) => formatPercent(d.fullScore) },
    { id: "without", label: "pass@1 without", header: "pass@1 without", numeric: true, priority: 2, cell: ({ bar: d }) => formatPercent(d.ablatedScore) },
    {
      id: "version",
      label: "Version without the position",
      header: "Version without the position",
      priority: 3,
      cell: ({ bar: d }) => (
        <>
          <Link href={harnessComparePath(d.ablatedId, d.fullId)}>{versionLabel(d.ablatedId)}</Link>{" "}
          <span className="muted small">({d.kind === "removed" ? "removes" : "reverts"} {d.paths.join(", ")})</span>
        </>
      ),
    },
  ];
}

export function AblationSection({ experimentId, view, sets, set, versionLabel, checkpointLabel }: Props) {
  return (
    <section className="section" aria-labelledby="ablation-heading">
      <h2 id="ablation-heading">Hook-position ablation</h2>
      {set === null ? <NoAblation /> : <Ablation {...{ experimentId, view, sets, set, versionLabel, checkpointLabel }} />}
    </section>
  );
}

function NoAblation() {
  return (
    <div className="empty-state">
      <p>
        <strong>No hook-position ablation was evaluated in this experiment.</strong>
      </p>
      <p>
        One appears when a harness version whose files equal a full patch&apos;s files minus its hook files at one lifecycle
        position (or with them reverted to its parent&apos;s) is evaluated on the same checkpoint and benchmark as the full
        patch: send both versions as <code>harness_version</code> events (hook files with their <code>hook_position</code>)
        and per-task <code>eval_result</code> events for both. Versions are matched by their files, not their labels.
      </p>
    </div>
  );
}

function Ablation({ experimentId, view, sets, set, versionLabel, checkpointLabel }: Props & { set: AblationSet }) {
  const fullLabel = versionLabel(set.fullId);
  const charts = ablationCharts(set, fullLabel);
  const axis = chartAxis(charts);
  const ranking = rankingTable(set);
  const detail = ablationTable(set, versionLabel);
  return (
    <>
      <p className="prose-text">
        The change in pass@1 when one lifecycle position is removed from <strong>{fullLabel}</strong>, evaluated on{" "}
        <strong>{checkpointLabel(set.checkpointId)}</strong>: per task d = p̂(without) − p̂(full) over the tasks both versions
        ran, with its 95 % interval (±1.96·SE over tasks). A negative change means the position helps.
        {ranking.differs && " The ranking of the positions differs between environments."}
      </p>
      {sets.length > 1 && (
        <nav aria-label="Ablations to show">
          <ul className={styles.choices}>
            {sets.map((s) => {
              const current = s.fullId === set.fullId && s.checkpointId === set.checkpointId;
              const text = `${versionLabel(s.fullId)} on ${checkpointLabel(s.checkpointId)} (${s.size} ${s.size === 1 ? "bar" : "bars"})`;
              return (
                <li key={`${s.fullId}\u0000${s.checkpointId}`}>
                  <Link href={harnessR1Path(experimentId, { ...view, full: s.fullId, checkpoint: s.checkpointId })} aria-current={current ? "true" : undefined}>
                    {text}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <div className={styles.charts}>
        {charts.map((chart) => (
          <AblationBarChart key={chart.benchmark} chart={chart} axis={axis} />
        ))}
      </div>

      <h3 id="ranking-heading">Ranking per environment</h3>
      <PlainTable table={ranking.table} labelledBy="ranking-heading" exportName="hook-position ranking" />
      {ranking.means.length > 0 && (
        <p className="muted small">The mean is an equal-weight mean over environments; its interval treats them as independent.</p>
      )}

      <details className="section">
        <summary>Numbers behind the charts</summary>
        <DataTable
          columns={barColumns(versionLabel)}
          rows={set.benchmarks.flatMap(({ benchmark, bars }) => bars.map((bar) => ({ benchmark, bar })))}
          rowKey={(r) => `${r.benchmark}\u0000${r.bar.position}`}
          rowHeader="position"
          caption={`Change in pass@1 when one position is removed from ${fullLabel}`}
          exportTable={detail}
          exportName="hook-position ablation"
        />
      </details>
    </>
  );
}
