// Rollouts per outcome under the current filter (all but the outcome itself), as chips that set or clear
// the outcome filter. Counted on the server after the table has been sent (Suspense), because on a million
// rollouts a count can take longer than the page.
import Link from "next/link";
import type { TrajectoryBrowserData } from "@/db/queries/trajectory-browser-view";
import { OUTCOMES, type Outcome } from "@/lib/domain/outcome";
import { browserHref, withFilter, type BrowserState } from "@/lib/trajectories/browser-query";
import { formatCount } from "@/lib/format";
import styles from "./browser.module.css";

const NOTES: Record<Outcome, string> = {
  success: "succeeded",
  failure: "failed with a known reward",
  unknown: "reward never established",
};

function Chip({ outcome, count, state, basePath }: { outcome: Outcome | "all"; count: string; state: BrowserState; basePath: string }) {
  const active = outcome === "all" ? state.filter.outcome === undefined : state.filter.outcome === outcome;
  const next = withFilter(state, { outcome: outcome === "all" || active ? undefined : outcome });
  return (
    <li>
      <Link
        href={browserHref(next, basePath)}
        scroll={false}
        className={[styles.chip, styles[`chip-${outcome}`], active ? styles.chipActive : ""].filter(Boolean).join(" ")}
        aria-current={active ? "true" : undefined}
        title={outcome === "all" ? "every outcome" : NOTES[outcome]}
      >
        {outcome} <span className={styles.chipCount}>{count}</span>
      </Link>
    </li>
  );
}

export async function OutcomeChips({ state, basePath, countOutcomes }: { state: BrowserState; basePath: string; countOutcomes: TrajectoryBrowserData["countOutcomes"] }) {
  // Let the rows go out first: the count is synchronous SQLite work, so yield before starting it.
  await new Promise((resolve) => setImmediate(resolve));
  const result = countOutcomes();
  if (!result.ok) return null;
  if (!result.value.counted) {
    return (
      <nav aria-label="Counts by outcome" className={styles.chips}>
        <ul>
          <Chip outcome="all" count="" state={state} basePath={basePath} />
          {OUTCOMES.map((o) => <Chip key={o} outcome={o} count="" state={state} basePath={basePath} />)}
        </ul>
        <p className="muted small">Not counted: {result.value.reason}.</p>
      </nav>
    );
  }
  const counts = result.value.counts;
  const total = counts.success + counts.failure + counts.unknown;
  return (
    <nav aria-label="Counts by outcome" className={styles.chips}>
      <ul>
        <Chip outcome="all" count={formatCount(total)} state={state} basePath={basePath} />
        {OUTCOMES.map((o) => <Chip key={o} outcome={o} count={formatCount(counts[o])} state={state} basePath={basePath} />)}
      </ul>
    </nav>
  );
}

export function OutcomeChipsPending() {
  return (
    <nav aria-label="Counts by outcome" className={styles.chips} aria-busy="true">
      <p className="muted small">Counting rollouts by outcome…</p>
    </nav>
  );
}
