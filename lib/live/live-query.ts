// The query string of the live routes (GET /api/v1/live, /runs/{id}/live, /experiments/{id}/live): `since`, the
// newest rollout a page listed, to be told how many arrived after it. Pure.
import { z } from "zod";

export const LiveQuery = z.strictObject({
  since: z
    .string()
    .regex(/^\d{1,15}$/, "must be a whole number (the newestRollout of an earlier answer)")
    .transform(Number)
    .optional(),
});
export type LiveQuery = z.infer<typeof LiveQuery>;

/** How often a live page asks (ms): the "within ≈ 2 s" with the answer's own time to spare. */
export const LIVE_POLL_MS = 1_500;

/** The live address of a scope (the lab's when no run or experiment is named). */
export function liveApiPath(scope: { run: string } | { experiment: string } | "lab"): string {
  if (scope === "lab") return "/api/v1/live";
  return "run" in scope ? `/api/v1/runs/${encodeURIComponent(scope.run)}/live` : `/api/v1/experiments/${encodeURIComponent(scope.experiment)}/live`;
}
