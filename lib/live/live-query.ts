// What pages and client components share about the live routes: the poll interval and their addresses. Pure and
// free of zod (the routes' query schema is live-query-schema.ts), since it reaches the browser bundle.

/** How often a live page asks (ms): the "within ≈ 2 s" with the answer's own time to spare. */
export const LIVE_POLL_MS = 1_500;

/** The live address of a scope (the lab's when no run or experiment is named). */
export function liveApiPath(scope: { run: string } | { experiment: string } | "lab"): string {
  if (scope === "lab") return "/api/v1/live";
  return "run" in scope ? `/api/v1/runs/${encodeURIComponent(scope.run)}/live` : `/api/v1/experiments/${encodeURIComponent(scope.experiment)}/live`;
}
