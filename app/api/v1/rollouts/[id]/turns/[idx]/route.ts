// GET /api/v1/rollouts/{id}/turns/{idx}: every field of one turn in full (what the viewer's "Show all"
// fetches), keyed as in the viewer's turn summaries; idx is the 0-based stored index.
import { getTurnFull } from "@/db/queries/rollout-turn-content";
import { turnRecordGet } from "@/lib/services/auth/turn-record-route";

export const dynamic = "force-dynamic";

export const GET = turnRecordGet(getTurnFull);
