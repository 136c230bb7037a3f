// GET /api/v1/runs/{id}/metrics?keys=a,b: metric series of a run, by key (all keys when none are named).
import { z } from "zod";
import { getRunMetrics } from "@/db/queries/run-metrics";
import { recordGet } from "@/lib/services/auth/record-route";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  keys: z.string().max(10_000, "must be at most 10000 characters").transform((s) => s.split(",").map((k) => k.trim()).filter(Boolean)).optional(),
});

export const GET = recordGet({
  table: "runs",
  query: Query,
  load: (store, { id }, _request, query) => getRunMetrics(store, id, query.keys?.length ? query.keys : null),
  notFound: ({ id }) => `run "${id}" not found`,
});
