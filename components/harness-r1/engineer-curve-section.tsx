// Section 3 of the Harness-R1 views: the engineer's training curve, mean reward r(B, P) per GRPO step of each
// engineer run, drawn by the shared curve chart (its settings under their own prefix in the address, one per
// run) and as a table (the one DataTable, from the same TableData it exports) with a link to the run.
import Link from "next/link";
import type { EngineerCurve } from "@/db/queries/harness-r1";
import { curveSummary, ENGINEER_REWARD_KEY, engineerCurveTable } from "@/lib/harness-r1/engineer-curve";
import { formatNumber } from "@/lib/format";
import { runPath } from "@/lib/http/page-links";
import { PlainTable } from "@/components/tables/plain-table";
import { RunCurves } from "@/components/charts/run-curves";
import styles from "./harness-r1.module.css";

export function EngineerCurveSection({ runs }: { runs: EngineerCurve[] }) {
  return (
    <section className="section" aria-labelledby="engineer-curve">
      <h2 id="engineer-curve">Engineer training curve</h2>
      <p className="prose-text muted">
        Mean reward per step of the engineer&apos;s GRPO training (<code>{ENGINEER_REWARD_KEY}</code>): the change in success
        rate its valid, complete patches bring on their failure packet&apos;s batch, 0 for the others.
      </p>
      {runs.length === 0 ? (
        <div className="empty-state">
          <p>
            No engineer run yet: a <code>run</code> event with kind <code>engineer</code> and <code>metrics</code> events with the
            key <code>{ENGINEER_REWARD_KEY}</code> draw this curve.
          </p>
        </div>
      ) : (
        runs.map((run, index) => <RunCurve key={run.runId} run={run} index={index} />)
      )}
    </section>
  );
}

function RunCurve({ run, index }: { run: EngineerCurve; index: number }) {
  const name = run.name ?? run.runId;
  const summary = curveSummary(run.points);
  const table = engineerCurveTable(run.points);
  const headingId = `engineer-run-${encodeURIComponent(run.runId).replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return (
    <section aria-labelledby={headingId} className={styles.curveSlot}>
      <h3 id={headingId}>
        <Link href={runPath(run.runId)}>{name}</Link> <span className="muted small">({run.status})</span>
      </h3>
      <RunCurves runIds={[run.runId]} defaultKeys={[ENGINEER_REWARD_KEY]} title={`Mean reward of ${name}`} paramPrefix={`engineer${index}.`} headingLevel={3} />
      {summary === null ? (
        <p className="muted">This run reported no {ENGINEER_REWARD_KEY} yet.</p>
      ) : (
        <>
          <p className="muted small">
            {run.points.length} steps; first {formatNumber(summary.first)}, last {formatNumber(summary.last)}, best{" "}
            {formatNumber(summary.best)} at step {summary.bestStep}.
          </p>
          <PlainTable
            table={table}
            caption={`Mean reward per step of ${name}`}
            formats={{ Step: String, Epoch: String, [ENGINEER_REWARD_KEY]: (n) => formatNumber(n, 4) }}
            rowHeaders={false}
            scrollClassName={styles.scroll}
            exportName={`engineer reward ${name}`}
          />
        </>
      )}
    </section>
  );
}
