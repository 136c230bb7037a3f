// GET /api/v1/rollouts/{id}/find?q=…: case-insensitive literal matches over every field of every turn,
// long fields in full, as [turn, field, start, end] (offsets into the field's full text).
import { z } from "zod";
import { findInRollout } from "@/db/queries/rollout-turn-content";
import { MAX_QUERY_LENGTH } from "@/lib/trajectory/find-matches";
import { recordGet } from "@/lib/services/auth/record-route";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  q: z.string().min(1, "must not be empty").max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
});

export const GET = recordGet({
  table: "rollouts",
  query: Query,
  load: (store, { id }, _request, query) => findInRollout(store, id, query.q),
  notFound: ({ id }) => `rollout "${id}" not found`,
});
