// GET /api/v1/rollouts/{id}/turns/{idx}: every field of one turn in full (what the viewer's "Show all"
// fetches), keyed as in the viewer's turn summaries; idx is the 0-based stored index.
import { getTurnFull } from "@/db/queries/rollout-turn-content";
import { parseTurnIndex } from "@/lib/trajectory/turn-anchor";
import { recordGet } from "@/lib/auth/record-route";
import { refuse } from "@/lib/http/refusal";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "rollouts",
  check: ({ idx }: { id: string; idx: string }) =>
    parseTurnIndex(idx) === null ? refuse("invalid", 'path parameter "idx": must be a whole number', { field: "idx" }) : null,
  load: (store, { id, idx }) => getTurnFull(store, id, parseTurnIndex(idx)!),
  notFound: ({ id, idx }) => `rollout "${id}" has no turn ${parseTurnIndex(idx)}`,
});
