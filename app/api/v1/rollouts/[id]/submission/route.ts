// GET /api/v1/rollouts/{id}/submission: the whole submitted patch ({ submission }, null when none),
// fetched when the viewer opens a patch larger than its preview.
import { getRolloutSubmission } from "@/db/queries/rollout-turn-content";
import { recordGet } from "@/lib/services/auth/record-route";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "rollouts",
  load: (store, { id }: { id: string }) => getRolloutSubmission(store, id),
  notFound: ({ id }) => `rollout "${id}" not found`,
});
