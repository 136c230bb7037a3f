// GET /api/v1/rollouts/{id}/turns/{idx}/raw: the producer's original JSON of one turn ({ idx, raw },
// raw null when the producer kept none), for the viewer's "Raw" toggle.
import { getTurnRaw } from "@/db/queries/rollout-turn-content";
import { turnRecordGet } from "@/lib/services/auth/turn-record-route";

export const dynamic = "force-dynamic";

export const GET = turnRecordGet(getTurnRaw);
