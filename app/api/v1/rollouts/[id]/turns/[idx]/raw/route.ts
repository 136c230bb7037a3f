// GET /api/v1/rollouts/{id}/turns/{idx}/raw: the producer's original JSON of one turn ({ idx, raw },
// raw null when the producer kept none), for the viewer's "Raw" toggle.
import { getTurnRaw } from "@/db/queries/rollout-turn-content";
import { parseTurnIndex } from "@/lib/trajectory/turn-anchor";
import { recordGet } from "@/lib/auth/record-route";
import { refuse } from "@/lib/http/refusal";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "rollouts",
  check: ({ idx }: { id: string; idx: string }) =>
    parseTurnIndex(idx) === null ? refuse("invalid", 'path parameter "idx": must be a whole number', { field: "idx" }) : null,
  load: (store, { id, idx }) => getTurnRaw(store, id, parseTurnIndex(idx)!),
  notFound: ({ id, idx }) => `rollout "${id}" has no turn ${parseTurnIndex(idx)}`,
});
