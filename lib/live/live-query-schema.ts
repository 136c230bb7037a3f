// The query string of the live routes (GET /api/v1/live, /runs/{id}/live, /experiments/{id}/live): `since`, the
// newest rollout a page listed, to be told how many arrived after it. Imported by the routes only, never by the
// browser bundle (lib/live/live-query.ts says why).
import { z } from "zod";

export const LiveQuery = z.strictObject({
  since: z
    .string()
    .regex(/^\d{1,15}$/, "must be a whole number (the newestRollout of an earlier answer)")
    .transform(Number)
    .optional(),
});
export type LiveQuery = z.infer<typeof LiveQuery>;
