"use client";
// The patch the agent submitted, as a diff. A small patch arrives with the page and shows at once; a
// large one (the real 2 MB trajectory submits an 868 KB patch) is fetched when the reader opens it.
import { useState } from "react";
import type { FieldSummary } from "@/lib/trajectory/types";
import { fieldSize, sizeHint } from "@/lib/trajectory/preview";
import { useSubmission } from "./use-rollout-data";
import { DiffView } from "./diff-view";
import styles from "./verdict-panel.module.css";

export function SubmissionPanel({ rolloutId, submission }: { rolloutId: string; submission: FieldSummary | null }) {
  const truncated = submission?.full !== undefined;
  const [open, setOpen] = useState(!truncated);
  const full = useSubmission(rolloutId, open && truncated);
  if (!submission) return null;
  const text = truncated ? full.data?.submission ?? null : submission.preview;
  return (
    <section className="section" aria-labelledby="submission-heading">
      <div className={styles.verdictHeader}>
        <h2 id="submission-heading">Submitted patch</h2>
        <span className="muted small">{sizeHint(fieldSize(submission))}</span>
        <button type="button" className="button button-secondary button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide patch" : "Show patch"}
        </button>
      </div>
      {open && full.isPending && truncated && <p className="muted small">Loading the patch…</p>}
      {open && full.error && <p className="error small" role="alert">{full.error.message}</p>}
      {open && text !== null && <DiffView text={text} label="Submitted patch" />}
    </section>
  );
}
