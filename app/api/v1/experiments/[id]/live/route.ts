// GET /api/v1/experiments/{id}/live?since=N: the experiment's live state (db/queries/live-state.ts), what its
// overview, trajectory list and inbox ask while they follow new data.
import { getLiveState } from "@/db/queries/live-state";
import { recordGet } from "@/lib/services/auth/record-route";
import { LiveQuery } from "@/lib/live/live-query-schema";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "experiments",
  query: LiveQuery,
  load: (store, { id }: { id: string }, _request, query) => getLiveState(store, { kind: "experiment", id }, query.since),
  notFound: ({ id }) => `experiment "${id}" not found`,
});
