// GET /api/v1/rollouts/{id}: one rollout with every turn and the hook messages of each turn.
import { getRolloutWithTurns } from "@/db/queries/rollout-pages";
import { recordGet } from "@/lib/services/auth/record-route";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "rollouts",
  load: (store, { id }: { id: string }) => getRolloutWithTurns(store, id),
  notFound: ({ id }) => `rollout "${id}" not found`,
});
