// One badge for every status word in the store (experiments, runs, proposals, jobs), so the same
// word always has the same colour wherever it appears.
import type { BadgeTone } from "./badge";

const TONES: Record<string, BadgeTone> = {
  // experiments and runs
  running: "info",
  pending: "warning",
  finished: "success",
  failed: "danger",
  cancelled: "neutral",
  idle: "neutral",
  // a run that says running but went silent without a live job (lib/domain/run-staleness.ts)
  stale: "warning",
  // proposals
  accepted: "success",
  rejected: "danger",
  superseded: "neutral",
  // jobs
  queued: "warning",
  succeeded: "success",
  lost: "danger",
};

export function statusTone(status: string): BadgeTone {
  return TONES[status] ?? "neutral";
}

export function StatusBadge({ status, title }: { status: string; title?: string }) {
  return (
    <span className={`badge badge-${statusTone(status)}`} data-status={status} title={title}>
      {status}
    </span>
  );
}

/** A rollout's outcome: success or failure, with truncation noted separately by callers. */
export function OutcomeBadge({ success }: { success: boolean }) {
  return <span className={`badge badge-${success ? "success" : "danger"}`}>{success ? "success" : "failure"}</span>;
}
