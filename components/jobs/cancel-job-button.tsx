"use client";
// "Cancel" on a running or queued job (reviewers and admins; the page renders it only for them and the
// server action refuses anyone else). The server action is the form's action itself, so the form also works
// before hydration; asks first: a cancelled epoch cannot be resumed.
import { useActionState, useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { CancelAction } from "./cancel-action";
import { jobQuery } from "@/components/api-queries";
import styles from "./jobs.module.css";

export function CancelJobButton({ jobId, action }: { jobId: string; action: CancelAction }) {
  const client = useQueryClient();
  const [state, submit, pending] = useActionState(action, null);
  // The answer is in: refresh the job's state now rather than at the next poll.
  useEffect(() => {
    if (state) void client.invalidateQueries({ queryKey: jobQuery(jobId).queryKey });
  }, [state, client, jobId]);
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
