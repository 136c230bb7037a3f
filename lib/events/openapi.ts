// The OpenAPI 3.1 document of the API, generated from the zod schemas so it cannot drift from them.
import { z } from "zod";
import { CONTRACT_VERSION, EVENT_SCHEMAS, EVENT_TYPES } from "./contract";
import { INGEST_LIMITS } from "../services/ingest/pure/limits";
import { errorSchema, failure, idParam, queryParam, readResponses, type JsonSchema } from "./openapi-helpers";
import { trajectoryPaths } from "./openapi-trajectory-paths";
import { jobPaths } from "./openapi-job-paths";
import { rllmUiPaths } from "./openapi-rllm-paths";

/** JSON Schema of one event type as a producer writes it (before defaults and time conversion). */
export function eventJsonSchema(type: keyof typeof EVENT_SCHEMAS): JsonSchema {
  const schema = z.toJSONSchema(EVENT_SCHEMAS[type], { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

export function buildOpenApiDocument() {
  const eventRefs = EVENT_TYPES.map((t) => ({ $ref: `#/components/schemas/${t}` }));
  const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  return {
    openapi: "3.1.0",
    info: {
      title: "Harness Lab API",
      version: CONTRACT_VERSION,
      description:
        "Ingestion of the event contract and the read API of Harness Lab. Every request needs `Authorization: Bearer <token>` " +
        "(API tokens are created by admins under Settings) or a signed-in session.",
    },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    paths: {
      "/api/v1/events": {
        post: {
          summary: "Ingest events (all-or-nothing, idempotent)",
          description:
            `A JSON array of events, or NDJSON (one event per line). Needs scope ingest. One request is applied in one transaction: on any ` +
            `invalid event nothing is written and the response lists index, field path and reason of each problem. Re-sending an event ` +
            `changes nothing; a changed immutable record is refused with 409. Limits: body ${megabytes(INGEST_LIMITS.maxBodyBytes)}, ` +
            `one event ${megabytes(INGEST_LIMITS.maxEventBytes)}; bodies over ${megabytes(INGEST_LIMITS.inMemoryBytes)} are streamed.`,
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { type: "array", items: { oneOf: eventRefs, discriminator: { propertyName: "type" } } } },
              "application/x-ndjson": { schema: { oneOf: eventRefs } },
            },
          },
          responses: {
            200: {
              description: "applied; counts per event type of what was new and what was already present",
              content: { "application/json": { schema: { type: "object", properties: {
                events: { type: "integer" },
                applied: { type: "object", additionalProperties: { type: "integer" } },
                unchanged: { type: "object", additionalProperties: { type: "integer" } },
              } } } },
            },
            400: failure("invalid events, or a reference to a record that exists nowhere"),
            401: failure("no, invalid, expired or revoked token"),
            403: failure("the token lacks scope ingest, or it is a job's own token and an event reaches beyond its run's records (another experiment, another run, a decision, harness code that is not its run's proposal's candidate): `errors` names each event and field; nothing was written"),
            409: failure("an event changes an immutable record"),
            413: failure("the body or one event is over the limit"),
            415: failure("unsupported content type"),
            429: failure("the store's writer has a full queue: wait Retry-After seconds and send the same bytes again"),
            503: failure("the writer or the parse worker stopped under this batch: wait Retry-After seconds and send the same bytes again (answered unchanged if it had committed)"),
          },
        },
      },
      "/api/v1/session": {
        post: {
          summary: "Sign in with username and password (the sign-in form's function): sets the session cookie",
          security: [],
          requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["username", "password"], additionalProperties: false, properties: { username: { type: "string" }, password: { type: "string" } } } } } },
          responses: {
            200: { description: "signed in; the session cookie is set", content: { "application/json": { schema: { type: "object" } } } },
            400: failure("a field is missing, of the wrong type or too long (named)"),
            401: failure("wrong username or password"),
            403: failure("the request came from another origin"),
            413: failure("the body is over 16 KB"),
            415: failure("the body is not application/json"),
            429: failure("too many failed attempts; Retry-After says when to try again"),
          },
        },
      },
      "/api/v1/experiments": { get: { summary: "List experiments with counts and status", responses: readResponses("experiments") } },
      "/api/v1/experiments/{id}": {
        get: { summary: "One experiment: counts, derived rates (trainable rate, pass rate, mixed-group ratio) and all its records", parameters: [idParam("experiment")], responses: readResponses("the experiment") },
      },
      "/api/v1/runs/{id}/metrics": {
        get: {
          summary: "Metric series of a run by key",
          parameters: [idParam("run"), queryParam("keys", "comma-separated metric keys; all when omitted")],
          responses: readResponses("series by key"),
        },
      },
      "/api/v1/curves": {
        get: {
          summary: "Training curves of one or more runs: the training rates per step (from stored rollouts, else the trainer's metrics) and any metric key, smoothed and reduced on the server keeping each bucket's min and max, with harness-change and epoch markers; with pass1, the pass@1 curves over checkpoints",
          parameters: [
            queryParam("runs", "comma-separated run ids (required unless pass1 is given)"),
            queryParam("keys", "comma-separated keys: train:trainable_rate, train:pass_rate, train:mixed_group_ratio, train:truncation_rate, train:mean_reward (default) or any metric key"),
            queryParam("x", "step (default), epoch or time"),
            queryParam("points", "at most this many points per series (first, min, max and last of each bucket)"),
            queryParam("smoothing", "EMA weight β in [0, 1), bias-corrected; 0 = raw"),
            queryParam("pass1", "comma-separated scopes run:<id> (the checkpoints the run produced) or experiment:<id>, at most 5: adds `pass1`, per scope the pass@1 series over checkpoints on the x axis, one per harness version × benchmark plus the equal-weight average; each point { x, step, checkpointId, passAt1, lo, hi, tasks, cellKey } is the evaluation matrix cell (per task the mean over repeats, then the mean over tasks; 95 % interval over tasks). Benchmarks without per-task results come from the trainer's metrics (val/{ds}/pass@1, val-core/{ds}/…/mean@N, eval/{ds}/pass_at_1, eval_{ds}_pass1) with source \"metrics\" and no interval"),
          ],
          responses: readResponses("{ x, points, smoothing, runs, series (each with source, reduced, originalCount), markers, pass1? (per scope { scope, experimentId, x, benchmarks, series: [{ key, source: \"eval results\" | \"metrics\", harnessVersionId, harnessLabel, benchmark (null = average), label, metricKey, run, withoutX, points }], markers: [{ kind: \"harness\", run, step, x, fromVersionId, fromLabel, toVersionId, toLabel, fromName, toName, proposalId, origin, description }] (where the files of the harness of a run's train rollouts changed; names as lib/domain/harness-naming.ts gives them) }) }"),
        },
      },
      ...trajectoryPaths(),
      ...jobPaths(),
      ...rllmUiPaths(),
      "/api/v1/proposals": {
        get: { summary: "Proposals with evidence, comparisons and decisions", parameters: [queryParam("experiment", "experiment id")], responses: readResponses("{ proposals }") },
      },
      "/api/v1/harness-versions/{id}": { get: { summary: "A harness version with its files", parameters: [idParam("harness version")], responses: readResponses("the harness version") } },
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" }, rllmKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "an API token with scope ingest, as rllm sends RLLM_API_KEY" } },
      schemas: { Error: errorSchema, ...Object.fromEntries(EVENT_TYPES.map((t) => [t, eventJsonSchema(t)])) },
    },
  };
}
