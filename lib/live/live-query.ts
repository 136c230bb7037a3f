// What a live page needs to know about the live routes (GET /api/v1/live, /runs/{id}/live,
// /experiments/{id}/live): where they are and how often to ask. Pure and free of zod: the browser bundle imports
// this, and zod's eval probe would be reported by the page's Content-Security-Policy (the routes' query schema is
// lib/live/live-query-schema.ts, server only).

/** How often a live page asks (ms): the "within ≈ 2 s" with the answer's own time to spare. */
export const LIVE_POLL_MS = 1_500;

/** The live address of a scope (the lab's when no run or experiment is named). */
export function liveApiPath(scope: { run: string } | { experiment: string } | "lab"): string {
  if (scope === "lab") return "/api/v1/live";
  return "run" in scope ? `/api/v1/runs/${encodeURIComponent(scope.run)}/live` : `/api/v1/experiments/${encodeURIComponent(scope.experiment)}/live`;
}
