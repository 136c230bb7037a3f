// The jobs part of the OpenAPI document: list, one job, its log (chunked or streamed), launch and cancel. The
// list's parameters come from the route's own query schema, so the document cannot drift from it.
import { JOB_EXECUTORS, JOB_KINDS, JOB_STATUSES } from "../domain/vocabulary";
import { failure, idParam, ok, queryParam, readResponses } from "./openapi-helpers";

const writeFailures = {
  401: failure("no or invalid credentials"),
  403: failure("a viewer, a token without scope admin, a job's own token, or a cross-origin session request"),
  404: failure("no such job"),
};

export function jobPaths() {
  return {
    "/api/v1/jobs": {
      get: {
        summary: "Jobs newest first, with status, executor, progress, who launched them and the runs they produced",
        parameters: [
          queryParam("status", JOB_STATUSES.join(", "), { type: "string", enum: [...JOB_STATUSES] }),
          queryParam("executor", JOB_EXECUTORS.join(" or "), { type: "string", enum: [...JOB_EXECUTORS] }),
          queryParam("experiment", "experiment id"),
          queryParam("kind", JOB_KINDS.join(", "), { type: "string", enum: [...JOB_KINDS] }),
          queryParam("template", "template id"),
          queryParam("launchedBy", "user id of whoever launched the job"),
          queryParam("before", "createdAt of the last job of the previous page (nextBefore)", { type: "integer" }),
          queryParam("limit", "1–500, default 100", { type: "integer" }),
        ],
        responses: readResponses("{ jobs, nextBefore }"),
      },
      post: {
        summary: "Launch a job from a template",
        description:
          "JSON `{ template, experiment, params }`: params maps the template's placeholders to values, checked before anything runs. " +
          "Needs a token with scope admin or a signed-in reviewer/admin. The launch is recorded in the audit log. " +
          "Harness versions that arrived through an ingest or job token (an experiment's H0 included) and no person reviewed are refused " +
          "(409, `unreviewed`, and `review`: the launch form's path, where a reviewer reads their code and confirms it) " +
          "until a signed-in reviewer sends `confirmUnreviewed: [ids]` (recorded as `harness_version.review`); a token cannot confirm (403).",
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["template"], properties: {
          template: { type: "string" }, experiment: { type: "string" }, params: { type: "object", additionalProperties: true },
          confirmUnreviewed: { type: "array", items: { type: "string" } },
        } } } } },
        responses: {
          201: ok("{ job }: recorded and queued or started"),
          400: failure("a field is missing or invalid (`field`), or parameters are refused (`problems`: [{ param, message }])"),
          ...writeFailures,
          409: failure("the job would run harness code nobody reviewed (`unreviewed`: [{ id, label, arrivedVia }]; `review`: the launch form's path, to read and confirm it); nothing was written"),
          503: failure("the scheduler cannot be reached; the job is recorded as failed with the reason (`job`)"),
        },
      },
    },
    "/api/v1/jobs/{id}": { get: { summary: "One job: parameters, argv, executor and external id, status with reason, exit code, duration, progress, runs", parameters: [idParam("job")], responses: readResponses("{ job }") } },
    "/api/v1/jobs/{id}/log": {
      get: {
        summary: "The job's log from a byte offset",
        description: "Without follow: JSON `{ text, nextOffset, size, done }` — poll again from nextOffset until done. With `follow=1`: the log as a streamed text/plain body that ends when the job has ended.",
        parameters: [idParam("job"), queryParam("offset", "byte offset, default 0", { type: "integer", minimum: 0 }), queryParam("follow", "1: stream as text/plain", { type: "string", enum: ["0", "1"] })],
        responses: { ...readResponses("{ text, nextOffset, size, done }"), 200: { description: "a chunk (JSON) or the followed log (text/plain)", content: { "application/json": { schema: { type: "object" } }, "text/plain": {} } } },
      },
    },
    "/api/v1/jobs/{id}/cancel": {
      post: {
        summary: "Cancel a queued or running job (SIGTERM, then SIGKILL after the grace period; scancel for Slurm)",
        parameters: [idParam("job")],
        responses: { 200: ok("{ job }"), ...writeFailures, 409: failure("the job already ended"), 503: failure("the scheduler cannot be reached") },
      },
    },
  };
}
