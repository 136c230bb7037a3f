// GET /api/v1/runs/{id}/live?since=N: whether the run's page is out of date (its version), whether the run is
// still going, and (with since) how many rollouts arrived after the page's newest. What a live run page asks
// every 1.5 s; cheap while nothing changed (db/queries/live-state.ts).
import { getLiveState } from "@/db/queries/live-state";
import { recordGet } from "@/lib/services/auth/record-route";
import { LiveQuery } from "@/lib/live/live-query-schema";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "runs",
  query: LiveQuery,
  load: (store, { id }: { id: string }, _request, query) => getLiveState(store, { kind: "run", id }, query.since),
  notFound: ({ id }) => `run "${id}" not found`,
});
