"use client";
// What an evaluator said about this rollout: the verdict, and for SWE-bench the FAIL_TO_PASS /
// PASS_TO_PASS tests each marked passed or failed. Failed tests always show; long passing lists fold.
import { useState } from "react";
import type { RolloutVerdict } from "@/db/queries/rollout-view";
import { readEvaluatorDetails, type TestList } from "@/lib/trajectory/swe-bench-details";
import { formatNumber } from "@/lib/format";
import styles from "./verdict-panel.module.css";

const FOLD_AFTER = 8;

function TestListView({ list }: { list: TestList }) {
  const [showAll, setShowAll] = useState(false);
  const passed = showAll ? list.passed : list.passed.slice(0, Math.max(0, FOLD_AFTER - list.failed.length));
  const hidden = list.passed.length - passed.length;
  return (
    <section className={styles.list} aria-label={`${list.name}: ${list.passed.length} passed, ${list.failed.length} failed`}>
      <h4 className={styles.listTitle}>
        <span className="mono">{list.name}</span>{" "}
        <span className="badge badge-success">{list.passed.length} passed</span>{" "}
        <span className={`badge ${list.failed.length > 0 ? "badge-danger" : "badge-neutral"}`}>{list.failed.length} failed</span>
      </h4>
      {list.passed.length + list.failed.length === 0 ? (
        <p className="muted small">No tests in this list.</p>
      ) : (
        <ul className={styles.tests}>
          {list.failed.map((test, i) => (
            <li key={`f${i}`} className={styles.failed}>
              <span className={styles.mark} aria-hidden="true">✗</span>
              <span className="visually-hidden">failed: </span>
              <span className="mono">{test}</span>
            </li>
          ))}
          {passed.map((test, i) => (
            <li key={`p${i}`} className={styles.passed}>
              <span className={styles.mark} aria-hidden="true">✓</span>
              <span className="visually-hidden">passed: </span>
              <span className="mono">{test}</span>
            </li>
          ))}
        </ul>
      )}
      {(hidden > 0 || showAll) && list.passed.length > 0 && (
        <button type="button" className="button button-secondary button-small" onClick={() => setShowAll(!showAll)}>
          {showAll ? "Fewer passing tests" : `Show ${hidden} more passing`}
        </button>
      )}
    </section>
  );
}

export function VerdictPanel({ verdicts }: { verdicts: RolloutVerdict[] }) {
  if (verdicts.length === 0) return null;
  return (
    <section className="section" aria-labelledby="verdict-heading">
      <h2 id="verdict-heading">Evaluation</h2>
      {verdicts.map((v) => {
        const details = readEvaluatorDetails(v.details);
        return (
          <div key={v.evalRunId} className={`card ${styles.verdict}`}>
            <div className={styles.verdictHeader}>
              <span className={`badge ${v.success ? "badge-success" : "badge-danger"}`}>{v.success ? "resolved" : "unresolved"}</span>
              <span>{v.benchmark}</span>
              {v.harnessLabel && <span className="badge badge-outline" title="Harness version">{v.harnessLabel}</span>}
              {v.checkpointName && <span className="muted small">{v.checkpointName}</span>}
              {v.reward !== null && <span className="muted small">reward {formatNumber(v.reward)}</span>}
              <span className="muted small">repeat {v.repeatIndex}</span>
              {v.matchedBy === "run-and-task" && <span className="muted small">(matched by run and task)</span>}
            </div>
            {details.flags.length > 0 && (
              <dl className={`key-values small ${styles.flags}`}>
                {details.flags.map((f) => (
                  <div key={f.key} className={styles.flag}>
                    <dt className="mono">{f.key}</dt>
                    <dd>{String(f.value)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {details.lists.map((list) => <TestListView key={list.name} list={list} />)}
          </div>
        );
      })}
    </section>
  );
}
