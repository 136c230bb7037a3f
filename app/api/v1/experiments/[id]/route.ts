// GET /api/v1/experiments/{id}: the overview (counts and derived rates) and every record of the experiment.
import { getExperimentOverview } from "@/db/queries/experiments";
import { listExperimentRecords } from "@/db/queries/experiment-records";
import { recordGet } from "@/lib/services/auth/record-route";
import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export const GET = recordGet({
  table: "experiments",
  load: (store, { id }: { id: string }) => getExperimentOverview(store, id),
  notFound: ({ id }) => `experiment "${id}" not found`,
  answer: (overview, store, { id }) => jsonResponse({ ...overview, records: listExperimentRecords(store, id) }),
});
