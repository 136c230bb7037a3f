// The comparison panel of a proposal (issue 5, item 3): for each candidate comparison, the rule's verdict in
// words, each side's rates, the change relative and in pp, the paired estimate over tasks with its 95 %
// interval and P(Δ > 0), plain warnings when the interval includes no change, and the per-task table.
// Server component: shows what the page read through getProposalComparison, which the decision mutation also uses.
import type { ProposalComparison } from "@/db/queries/proposal-comparison";
import type { RolloutComparisonStatistics } from "@/lib/stats/comparison-statistics";
import { formatCount, formatDateTime } from "@/lib/format";
import { formatSensitivityPp } from "@/lib/stats/format-stats";
import { plural, type SideLabels } from "./comparison-format";
import { ComparisonVerdict } from "./comparison-verdict";
import { RuleNoiseNote } from "./rule-noise-note";
import { ComparisonRatesTable } from "./comparison-rates-table";
import { ComparisonTasksTable } from "./comparison-tasks-table";
import { ComparisonReported } from "./comparison-reported";
import styles from "./comparison-panel.module.css";

function MethodNote({ stats, method }: { stats: RolloutComparisonStatistics; method: ProposalComparison["method"] }) {
  const rollouts = stats.sides.base.rollouts;
  return (
    <>
      <p className={`muted small ${styles.note}`}>
        Paired over the {plural(stats.paired.tasks, "task", "tasks")} both sides ran: Δ is the mean over tasks of the
        candidate&apos;s minus the base&apos;s per-task rate (successes or usable rollouts out of K). The 95 % interval is the
        percentile interval of {method.resamples.toLocaleString("en-US")} bootstrap resamples of tasks (seed {method.seed});
        P(Δ &gt; 0) is the share of resamples with Δ above zero, a Δ of exactly zero counting half.
      </p>
      {rollouts > 0 && (
        <p className={`muted small ${styles.note}`}>
          One rollout moves a {formatCount(rollouts)}-rollout pass rate by {formatSensitivityPp(stats.sides.base.oneRolloutPp)}:
          the rule fires on any strict increase, however small, and did not test significance.
        </p>
      )}
    </>
  );
}

function RolloutComparison({ stats, labels, method }: { stats: RolloutComparisonStatistics; labels: SideLabels; method: ProposalComparison["method"] }) {
  return (
    <>
      <ComparisonVerdict rule={stats.rule} />
      <RuleNoiseNote noise={stats.ruleNoise} />
      {stats.warnings.length > 0 && (
        <ul className={styles.warnings} aria-label="Warnings">
          {stats.warnings.map((w) => (
            <li key={`${w.code}-${w.metric ?? ""}`} className={styles.warning}>
              {w.message}
            </li>
          ))}
        </ul>
      )}
      <ComparisonRatesTable stats={stats} labels={labels} />
      <MethodNote stats={stats} method={method} />
      <ComparisonTasksTable tasks={stats.tasks} labels={labels} />
    </>
  );
}

export function ComparisonPanel({ data }: { data: ProposalComparison | null }) {
  const headingId = "comparison-heading";
  return (
    <section aria-labelledby={headingId} className="section">
      <h2 id={headingId}>Comparison</h2>
      {data === null ? (
        <p className="muted">There is no proposal with this id.</p>
      ) : data.comparisons.length === 0 ? (
        <p className="muted">No candidate comparison has been recorded for this proposal yet.</p>
      ) : (
        data.comparisons.map((stats, i) => {
          const labels = { base: data.base.label ?? data.base.harnessVersionId, candidate: data.candidate.label ?? data.candidate.harnessVersionId };
          return (
            <article key={stats.id} className={`card ${styles.comparison}`} aria-labelledby={`comparison-${i}`}>
              <h3 id={`comparison-${i}`} className={styles.comparisonHeading}>
                Comparison <span className="mono">{stats.id}</span>
                {stats.rolloutsPerTask !== null && <span className="muted small"> · K = {stats.rolloutsPerTask} per task</span>}
                <span className="muted small"> · {formatDateTime(stats.createdAt)}</span>
              </h3>
              {stats.kind === "rollouts" ? (
                <RolloutComparison stats={stats} labels={labels} method={data.method} />
              ) : stats.kind === "reported" ? (
                <ComparisonReported stats={stats} labels={labels} />
              ) : (
                <p className="muted">This comparison holds neither rollouts nor reported numbers.</p>
              )}
            </article>
          );
        })
      )}
    </section>
  );
}
