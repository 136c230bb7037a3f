// GET /api/v1/jobs: jobs newest first, filtered (status, executor, experiment, kind, template, launchedBy,
// before, limit). POST /api/v1/jobs {template, experiment, params}: launch a job — a token with scope admin
// or a signed-in reviewer/admin (same origin); 400 names each bad parameter, 503 = the scheduler is unreachable,
// 409 {unreviewed} = harness code from outside that a signed-in reviewer must confirm ({confirmUnreviewed: [ids]}).
import { z } from "zod";
import { getStore } from "@/db/client";
import { listJobs, launchJob } from "@/lib/services/jobs";
import { JobListQuery, jobJson, toJobFilter } from "@/lib/services/jobs/api-query";
import { jobActorOf, launchRefusal } from "@/lib/services/jobs/api-actor";
import { mayLaunch } from "@/lib/services/jobs/permissions";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { experimentFilterFor } from "@/lib/services/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { drainingBody } from "@/lib/http/drain-body";
import { readJsonBody } from "@/lib/http/read-json-body";
import { parseSearchParams } from "@/lib/http/search-params";
import { refuse } from "@/lib/http/refusal";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 64 * 1024;

const LaunchBody = z.strictObject({
  template: z.string("must be a template id").min(1, "must not be empty").max(256),
  experiment: z.string("must be an experiment id").min(1, "must not be empty").max(256).optional(),
  params: z.record(z.string(), z.unknown(), "must be an object of placeholder names to values").default({}),
  // Unreviewed harness versions (a 409 lists them) a signed-in reviewer confirms having read; a token cannot.
  confirmUnreviewed: z.array(z.string("must be harness version ids").min(1, "must not be empty").max(256), "must be an array of harness version ids").max(100).optional(),
});

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseSearchParams(request.url, JobListQuery);
  if (!query.ok) return refusalResponse(query.refusal);
  // A job's token lists its own job only; a token for one experiment, that experiment's jobs.
  const filter = toJobFilter(query.data);
  const confined = auth.principal.jobId !== undefined ? { id: auth.principal.jobId } : { experimentId: experimentFilterFor(auth.principal, filter.experimentId) };
  const jobs = listJobs(getStore(), { ...filter, ...confined }).map(jobJson);
  return jsonResponse({ jobs, nextBefore: jobs.length ? jobs[jobs.length - 1].createdAt : null });
}

// Refusals reach a client that is still sending: the unread body is drained first (lib/http/drain-body.ts).
export const POST = drainingBody(post);

async function post(request: Request): Promise<Response> {
  // "read" lets every signed-in user through; launchJob decides (reviewer). A token must hold scope admin
  // (lib/services/jobs/permissions.ts): asking for it here refuses a weaker token before its use is recorded, so a
  // refused launch writes nothing.
  const auth = await authenticateRequest(request, request.headers.has("authorization") ? "admin" : "read");
  if (!auth.ok) return authErrorResponse(auth);
  // Who may launch is decided before the body is even read (launchJob checks again).
  const actor = jobActorOf(auth.principal);
  const allowed = mayLaunch(actor);
  if (!allowed.ok) return refusalResponse(refuse("forbidden", allowed.error).refusal);
  const body = await readJsonBody(request, LaunchBody, { maxBytes: MAX_BODY_BYTES, expected: "a JSON object {template, experiment, params}" });
  if (!body.ok) return refusalResponse(body.refusal);
  const { template, experiment, params, confirmUnreviewed } = body.data;
  const result = await launchJob(getStore(), { templateId: template, experimentId: experiment, params, actor, confirmUnreviewed });
  if (result.ok) return jsonResponse({ job: jobJson(result.job) }, 201);
  return refusalResponse(launchRefusal(result, template, jobJson));
}
