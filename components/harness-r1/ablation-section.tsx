// Section 1 of the Harness-R1 views: which hook position mattered. Per environment a bar chart of the change in
// pass@1 when one position is removed from the full patch (side by side, one x range), the rankings side by side
// with their mean over environments, and every bar's numbers. Without an ablation it says what data makes one.
import Link from "next/link";
import type { AblationSet } from "@/lib/harness-r1/ablation";
import { ablationCharts, ablationTable, chartAxis, rankingTable } from "@/lib/harness-r1/ablation-view";
import type { HarnessR1View } from "@/lib/harness-r1/view-params";
import { formatPercent } from "@/lib/format";
import { harnessComparePath, harnessR1Path } from "@/lib/http/page-links";
import { formatIntervalPp, formatPp, formatSizePp } from "@/lib/stats/format-stats";
import { TableExport } from "@/components/ui/table-export";
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
      <div className="table-wrap">
        <table className="table" aria-labelledby="ranking-heading">
          <thead>
            <tr>
              {ranking.table.columns.map((c) => (
                <th key={c} scope="col">{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ranking.table.rows.map((row) => (
              <tr key={String(row[0])}>
                <th scope="row">{row[0]}</th>
                {row.slice(1).map((cell, i) => (
                  <td key={ranking.table.columns[i + 1]}>{cell ?? "—"}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ranking.means.length > 0 && (
        <p className="muted small">The mean is an equal-weight mean over environments; its interval treats them as independent.</p>
      )}
      <TableExport table={ranking.table} name="hook-position ranking" />

      <details className="section">
        <summary>Numbers behind the charts</summary>
        <div className="table-wrap">
          <table className="table">
            <caption>Change in pass@1 when one position is removed from {fullLabel}</caption>
            <thead>
              <tr>
                <th scope="col">Environment</th>
                <th scope="col">Position</th>
                <th scope="col" className="num">Change</th>
                <th scope="col">95 % interval</th>
                <th scope="col" className="num">SE</th>
                <th scope="col" className="num">Tasks</th>
                <th scope="col" className="num">pass@1 full</th>
                <th scope="col" className="num">pass@1 without</th>
                <th scope="col">Version without the position</th>
              </tr>
            </thead>
            <tbody>
              {set.benchmarks.flatMap(({ benchmark, bars }) =>
                bars.map((d) => (
                  <tr key={`${benchmark}\u0000${d.position}`}>
                    <td>{benchmark}</td>
                    <th scope="row">{d.position}</th>
                    <td className="num">{formatPp(pp(d.drop.mean === null ? null : -d.drop.mean))}</td>
                    <td>{formatIntervalPp(d.drop.ci && [-d.drop.ci[1], -d.drop.ci[0]])}</td>
                    <td className="num">{formatSizePp(pp(d.drop.se))}</td>
                    <td className="num">{d.drop.n}</td>
                    <td className="num">{formatPercent(d.fullScore)}</td>
                    <td className="num">{formatPercent(d.ablatedScore)}</td>
                    <td>
                      <Link href={harnessComparePath(d.ablatedId, d.fullId)}>{versionLabel(d.ablatedId)}</Link>{" "}
                      <span className="muted small">({d.kind === "removed" ? "removes" : "reverts"} {d.paths.join(", ")})</span>
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
        <TableExport table={detail} name="hook-position ablation" />
      </details>
    </>
  );
}
