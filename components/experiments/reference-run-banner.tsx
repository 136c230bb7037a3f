// Says that the reference experiment is still running (on first start it fills the dashboard in the
// background), so a half-filled page reads as "arriving", not as "broken".
import type { ExperimentSummary } from "@/db/queries/types";

/** The reference experiment's ids start with "ref-" (programs/reference-experiment/run/experiment-events.ts). */
export function ReferenceRunBanner({ experiments }: { experiments: readonly ExperimentSummary[] }) {
  const running = experiments.filter((e) => e.id.startsWith("ref-") && e.status === "running");
  if (running.length === 0) return null;
  return (
    <p className="notice" role="status">
      The reference experiment is running on this machine ({running.map((e) => e.name).join(", ")}). Its runs, rollouts, proposals
      and evaluations appear here as they arrive.
    </p>
  );
}
