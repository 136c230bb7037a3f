"use client";
// "Cancel" on a running or queued job (reviewers and admins; the page renders it only for them and the
// server action refuses anyone else). Asks first: a cancelled epoch cannot be resumed.
import { useActionState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { CancelAction } from "./job-live";
import styles from "./jobs.module.css";

export function CancelJobButton({ jobId, action }: { jobId: string; action: CancelAction }) {
  const client = useQueryClient();
  const [state, submit, pending] = useActionState(async (previous: unknown, formData: FormData) => {
    const result = await action(previous, formData);
    await client.invalidateQueries({ queryKey: ["job", jobId] });
    return result;
  }, null);
  return (
    <form
      action={submit}
      onSubmit={(e) => {
        if (!window.confirm("Cancel this job? Its process gets SIGTERM, then SIGKILL after the grace period.")) e.preventDefault();
      }}
    >
      <input type="hidden" name="jobId" value={jobId} />
      <button type="submit" className="button button-secondary button-small" disabled={pending}>
        {pending ? "Cancelling…" : "Cancel job"}
      </button>
      {state && "error" in state && (
        <span className={`small ${styles.error}`} role="alert">
          {" "}
          {state.error}
        </span>
      )}
      {state && "ok" in state && <span className="small muted" role="status"> Cancel requested.</span>}
    </form>
  );
}
