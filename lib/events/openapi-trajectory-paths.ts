// The trajectory part of the OpenAPI document: the browser's list, one rollout and its parts, the
// download of an imported original, and the import upload. Parameters come from the browser's own
// URL-state definitions, so the document cannot drift from what the route accepts.
import { FILTER_PARAMS, SORT_KEYS, SORT_DIRS } from "../trajectories/browser-query";
import { failure, idParam, ok, queryParam, readResponses } from "./openapi-helpers";

const idxParam = { name: "idx", in: "path", required: true, schema: { type: "integer", minimum: 0 }, description: "the turn's index (0-based)" };

export function trajectoryPaths() {
  return {
    "/api/v1/rollouts": {
      get: {
        summary: "Rollouts, filtered, sorted and cursor-paged (the trajectory browser)",
        description: "Unknown values (a missing reward, step, …) sort last in both directions. `q` searches turn contents (FTS5); each word is searched as a word, never as query syntax.",
        parameters: [
          ...FILTER_PARAMS.map((p) => queryParam(p.param, p.label)),
          queryParam("sort", SORT_KEYS.join(", ")), queryParam("dir", SORT_DIRS.join(" or ")),
          queryParam("counts", "true: also count the filtered rollouts by outcome"),
          queryParam("limit", "1–500, default 100", { type: "integer" }),
          queryParam("cursor", "nextCursor of the previous page"),
        ],
        responses: readResponses("{ rollouts, nextCursor, counts?, countsNote? }"),
      },
    },
    "/api/v1/rollouts/{id}": { get: { summary: "One rollout with its turns and hook messages", parameters: [idParam("rollout")], responses: readResponses("the rollout") } },
    "/api/v1/rollouts/{id}/turns/{idx}": { get: { summary: "One turn with every field in full", parameters: [idParam("rollout"), idxParam], responses: readResponses("the turn") } },
    "/api/v1/rollouts/{id}/turns/{idx}/raw": { get: { summary: "The producer's original JSON of one turn", parameters: [idParam("rollout"), idxParam], responses: readResponses("{ idx, raw }") } },
    "/api/v1/rollouts/{id}/submission": { get: { summary: "The rollout's whole submitted patch", parameters: [idParam("rollout")], responses: readResponses("the submission") } },
    "/api/v1/rollouts/{id}/find": {
      get: {
        summary: "Find text in every field of every turn",
        parameters: [idParam("rollout"), queryParam("q", "the text to find (case-insensitive)")],
        responses: readResponses("matches as [turn, field, start, end], at most 5,000"),
      },
    },
    "/api/v1/source-files/{id}": {
      get: {
        summary: "Download an imported original file, byte for byte",
        parameters: [idParam("source file")],
        responses: { ...readResponses("the file"), 200: { description: "the file as an attachment", content: { "application/octet-stream": {} } } },
      },
    },
    "/api/v1/imports": {
      post: {
        summary: "Import trajectories, logs and evaluation reports (the upload form)",
        description: "multipart/form-data: `files` (one or more; names may hold folders), `experiment` (id or name; a new one is created), optional `run`, `harness` (label), `benchmark`. Needs scope ingest or a signed-in reviewer. One transaction; the answer is the per-file report. Re-importing the same files changes nothing.",
        requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: {
          files: { type: "array", items: { type: "string", format: "binary" } },
          experiment: { type: "string" }, run: { type: "string" }, harness: { type: "string" }, benchmark: { type: "string" },
        }, required: ["files", "experiment"] } } } },
        responses: {
          200: ok("the per-file report: format, rollouts, verdicts, or the field and reason a file could not be read"),
          400: failure("a field is missing or invalid"), 401: failure("no or invalid credentials"),
          403: failure("the token lacks scope ingest, or the user is a viewer"), 413: failure("the upload is over the limit"),
          415: failure("not multipart/form-data"), 422: failure("no file could be imported (nothing was written); the per-file report is included"),
          429: failure("the store's writer has a full queue: wait Retry-After seconds and upload again"),
          503: failure("the store's writer stopped while storing this upload: upload it again (files already stored are reported unchanged)"),
        },
      },
    },
  };
}
