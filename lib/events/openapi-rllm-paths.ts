// The rllm UI logger part of the OpenAPI document: the paths rllm's UILogger (rllm/utils/tracking.py) posts to
// when RLLM_UI_URL is this server's /api/v1/rllm, each with the body it sends. The key is an ingest token.
import { failure, ok, type JsonSchema } from "./openapi-helpers";

const BASE = "/api/v1/rllm/api";
const security = [{ rllmKey: [] }];
const sessionId = { type: "string", description: "the id POST …/sessions returned (\"<project>/<experiment>\")" };
const step = { type: "integer", minimum: 0 };

const failures = {
  400: failure("a field is missing or wrong; `error` starts with its path, `field` (and the older `path`) names it; nothing was written"),
  401: failure("no X-API-Key, or an invalid, expired or revoked token"),
  403: failure("the token lacks scope ingest, or is a job's own token"),
  404: failure("no such session_id (create it with POST …/sessions first)"),
  409: failure("the body changes a record already stored differently (e.g. a different episode under the same id and step)"),
  413: failure("the body is over 64 MB"),
};

function post(summary: string, schema: JsonSchema | null, extra: Record<string, unknown> = {}) {
  return {
    post: {
      summary,
      security,
      ...extra,
      ...(schema ? { requestBody: { required: true, content: { "application/json": { schema } } } } : {}),
      responses: { 200: ok("accepted"), ...failures },
    },
  };
}

const sessionPath = { name: "session", in: "path", required: true, schema: { type: "string" }, description: "the session id (may contain \"/\", sent unencoded as rllm does)" };

export function rllmUiPaths() {
  return {
    [`${BASE}/sessions`]: post(
      "rllm UI: start a session (a run \"<project>/<experiment>\" in experiment <project>); answers {id}",
      { type: "object", required: ["project", "experiment"], properties: { project: { type: "string" }, experiment: { type: "string" }, config: { type: "object" }, source_metadata: { type: "object" } } },
    ),
    [`${BASE}/sessions/{session}/heartbeat`]: post("rllm UI: heartbeat (nothing is stored)", null, { parameters: [sessionPath] }),
    [`${BASE}/sessions/{session}/complete`]: post(
      "rllm UI: finish the session: the run becomes finished (completed) or failed",
      { type: "object", required: ["status"], properties: { status: { enum: ["completed", "failed"] }, exit_code: { type: "integer" } } },
      { parameters: [sessionPath] },
    ),
    [`${BASE}/metrics`]: post(
      "rllm UI: metrics of one step; every numeric key is kept (nested objects flattened with /), plus the dashboard's training-series keys",
      { type: "object", required: ["session_id", "step", "data"], properties: { session_id: sessionId, step, data: { type: "object" } } },
    ),
    [`${BASE}/episodes`]: post(
      "rllm UI: one Episode.to_dict() with episode_id \"<task_id>:<rollout_idx>\"; a rollout grouped with the other samples of its task at that step",
      { type: "object", required: ["session_id", "step", "episode_id", "trajectories"], properties: {
        session_id: sessionId, step, episode_id: { type: "string" }, task: {}, is_correct: { type: "boolean" }, termination_reason: { type: "string" },
        trajectories: { type: "array", items: { type: "object", properties: { name: { type: "string" }, reward: { type: ["number", "null"] }, steps: { type: "array", items: { type: "object" } } } } },
        metrics: { type: "object" },
      } },
    ),
    [`${BASE}/episodes/batch`]: post(
      "rllm UI: the episodes of one step in one request ({session_id, episodes: [the body of …/episodes]}); all are written or none. Each step's observation, model_response and thought are read from its metadata too, where UILogger moves them",
      { type: "object", required: ["session_id", "episodes"], properties: { session_id: sessionId, episodes: { type: "array", items: { type: "object", required: ["step", "episode_id", "trajectories"] } } } },
    ),
    [`${BASE}/trajectory-groups/batch`]: post(
      "rllm UI: the trajectory groups of one step ({session_id, groups: [the body of …/trajectory-groups]}); validated, groups are derived from the episodes",
      { type: "object", required: ["session_id", "groups"], properties: { session_id: sessionId, groups: { type: "array", items: { type: "object", required: ["step", "group_id", "num_trajectories"] } } } },
    ),
    [`${BASE}/trajectory-groups`]: post(
      "rllm UI: a trajectory group's summary (validated; groups are derived from the episodes)",
      { type: "object", required: ["session_id", "step", "group_id", "num_trajectories"], properties: { session_id: sessionId, step, group_id: { type: "string" }, num_trajectories: { type: "integer", minimum: 0 }, avg_reward: { type: ["number", "null"] }, metadata: { type: "array" } } },
    ),
    [`${BASE}/logs/batch`]: post(
      "rllm UI: captured stdout/stderr lines (acknowledged, not stored)",
      { type: "object", required: ["session_id", "logs"], properties: { session_id: sessionId, logs: { type: "array" } } },
    ),
    [`${BASE}/eval-results`]: post(
      "rllm UI: an EvalResult document (rllm/eval/results.py save()) of the session: one eval_result with a result per task (first attempt) and score / pass@k as reported numbers",
      { type: "object", required: ["session_id", "dataset_name", "items"], properties: {
        session_id: sessionId, dataset_name: { type: "string" }, model: { type: "string" }, score: { type: "number" }, timestamp: { type: "string" }, pass_at: { type: "object" },
        items: { type: "array", items: { type: "object", required: ["is_correct"], properties: { idx: { type: "integer" }, task_id: { type: ["string", "null"] }, reward: { type: "number" }, is_correct: { type: "boolean" }, attempt: { type: "integer" } } } },
      } },
    ),
  };
}
