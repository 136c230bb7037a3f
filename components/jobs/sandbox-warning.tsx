// Says loudly, where jobs are launched, when this installation does not confine them (HARNESS_LAB_JOB_SANDBOX
// is none, or auto on a machine where bubblewrap cannot run) or cannot start them (bwrap required but
// unusable): a job runs the harness files anyone with an ingest token can send. Renders nothing when confined.
import { sandboxStatus, sandboxWarning } from "@/lib/services/jobs/sandbox-probe";

export function SandboxWarning() {
  let text: string | null;
  try {
    text = sandboxWarning(sandboxStatus());
  } catch (error) {
    text = (error as Error).message;
  }
  if (!text) return null;
  return (
    <p className="notice error" role="alert">
      <strong>Job sandbox off.</strong> {text}
    </p>
  );
}
