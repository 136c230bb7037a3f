// rllm's UI logger protocol (rllm/utils/tracking.py UILogger, RLLM_UI_URL + X-API-Key) translated to v1 events,
// so an rllm run set to `trainer.logger=[…,'ui']` arrives with no code. Pure: the route authenticates, looks up
// sessions and applies the events in one transaction.
//   POST /api/sessions                  {project, experiment, config, source_metadata} → {"id": session id}
//   POST /api/sessions/{id}/heartbeat   (nothing to store)
//   POST /api/sessions/{id}/complete    {status: "completed"|"failed", exit_code}
//   POST /api/metrics                   {session_id, step, data}
//   POST /api/episodes                  {session_id, step, episode_id, …Episode.to_dict()}
//   POST /api/episodes/batch            {session_id, episodes: [that body, …]}  (rllm @ 9beb6e0 sends this first,
//                                       falling back to /api/episodes one by one when it is refused)
//   POST /api/trajectory-groups         {session_id, step, group_id, num_trajectories, avg_reward, metadata}
//   POST /api/trajectory-groups/batch   {session_id, groups: [that body, …]}
//   POST /api/logs/batch                {session_id, logs}  (stdout/stderr lines: acknowledged, not stored)
//   POST /api/eval-results              {session_id, dataset_name, model, …, items: [{idx, task_id, reward, is_correct, attempt}]}
//                                       (rllm/eval/results.py EvalResult.save's document, tied to a session)
// A session is a run: its id is "<project>/<experiment>", the experiment's id is the project.
// UILogger keeps only id/input/output/action/reward/done/metadata of each step and moves observation,
// model_response and thought into the step's metadata: they are read back from there (liftStepMetadata).
import { followRunId, type FollowRun } from "../services/follow/pure/follow-ids";
import { rllmEpisodeEvents } from "../services/follow/pure/formats/rllm-episode";
import { isObject } from "../services/follow/pure/formats/types";
import { metricsEvent } from "../services/follow/pure/trainer-metrics";

export type RllmRequest =
  | { kind: "session" }
  | { kind: "heartbeat"; session: string }
  | { kind: "complete"; session: string }
  | { kind: "metrics" | "episodes" | "trajectory-groups" | "logs" | "eval-results" | "episodes-batch" | "trajectory-groups-batch" };

/** The request a path names (segments after /api/), or null for a path rllm never calls. */
export function rllmRequestOf(segments: readonly string[]): RllmRequest | null {
  const [first, second] = segments;
  const last = segments[segments.length - 1];
  if (first === "sessions" && segments.length === 1) return { kind: "session" };
  // UILogger puts the session id into the path unencoded, and ours hold "/" (project/experiment).
  if (first === "sessions" && segments.length >= 3 && (last === "heartbeat" || last === "complete")) {
    return { kind: last, session: segments.slice(1, -1).join("/") };
  }
  if (segments.length === 1 && (first === "metrics" || first === "episodes" || first === "trajectory-groups" || first === "eval-results")) return { kind: first };
  if (first === "logs" && second === "batch" && segments.length === 2) return { kind: "logs" };
  if (second === "batch" && segments.length === 2 && (first === "episodes" || first === "trajectory-groups")) return { kind: `${first}-batch` };
  return null;
}

export type Translation =
  | { ok: true; events: Record<string, unknown>[]; response: Record<string, unknown> }
  | { ok: false; status: 400 | 404; error: string; path: string };

const bad = (path: string, message: string): Translation => ({ ok: false, status: 400, error: `${path}: ${message}`, path });

/** Looks up the run a session id names: its experiment id, or null when there is no such run. */
export type SessionLookup = (session: string) => string | null;

function sessionRun(body: Record<string, unknown>, lookup: SessionLookup, field = "session_id"): FollowRun | Translation {
  const session = body[field];
  if (typeof session !== "string" || session.length === 0) return bad(field, "must be the id POST /api/sessions returned");
  const experiment = lookup(session);
  if (experiment === null) return { ok: false, status: 404, error: `${field}: no session "${session.slice(0, 200)}"; create it with POST /api/sessions`, path: field };
  return { experiment, run: session };
}

const isTranslation = (v: FollowRun | Translation): v is Translation => "ok" in v;

function step(body: Record<string, unknown>): number | null {
  return typeof body.step === "number" && Number.isInteger(body.step) && body.step >= 0 ? body.step : null;
}

const LIFTED = ["observation", "model_response", "thought"] as const;

/** The episode with each step's observation / model_response / thought back at the top of the step when UILogger
 * moved them into its metadata (rllm/utils/tracking.py UILogger.log, _PROMOTE_TO_METADATA). */
export function liftStepMetadata(episode: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(episode.trajectories)) return episode;
  const trajectories = episode.trajectories.map((trajectory) => {
    if (!isObject(trajectory) || !Array.isArray(trajectory.steps)) return trajectory;
    const steps = trajectory.steps.map((step) => {
      if (!isObject(step) || !isObject(step.metadata)) return step;
      const metadata = step.metadata;
      const lifted: Record<string, unknown> = { ...step };
      for (const key of LIFTED) if ((lifted[key] === undefined || lifted[key] === null || lifted[key] === "") && metadata[key] !== undefined) lifted[key] = metadata[key];
      return lifted;
    });
    return { ...trajectory, steps };
  });
  return { ...episode, trajectories };
}

function trajectoryGroupProblem(value: Record<string, unknown>): { path: string; message: string } | null {
  if (step(value) === null) return { path: "step", message: "must be a non-negative integer" };
  if (typeof value.group_id !== "string" || !value.group_id) return { path: "group_id", message: "must be a non-empty string" };
  if (!Number.isInteger(value.num_trajectories) || (value.num_trajectories as number) < 0) return { path: "num_trajectories", message: "must be a non-negative integer" };
  if (value.avg_reward !== undefined && value.avg_reward !== null && (typeof value.avg_reward !== "number" || !Number.isFinite(value.avg_reward))) return { path: "avg_reward", message: "must be a number or null" };
  if (value.metadata !== undefined && !Array.isArray(value.metadata)) return { path: "metadata", message: "must be a list" };
  return null;
}

export function translateRllmRequest(request: RllmRequest, body: unknown, lookup: SessionLookup, now = Date.now()): Translation {
  if (request.kind === "heartbeat") {
    if (lookup(request.session) === null) return { ok: false, status: 404, error: `no session "${request.session.slice(0, 200)}"`, path: "session" };
    return { ok: true, events: [], response: { ok: true } };
  }
  const value = body ?? {};
  if (!isObject(value)) return bad("body", "must be a JSON object");

  switch (request.kind) {
    case "session": {
      for (const field of ["project", "experiment"] as const) {
        if (typeof value[field] !== "string" || !(value[field] as string).trim()) return bad(field, "must be a non-empty string");
      }
      if (value.config !== undefined && value.config !== null && !isObject(value.config)) return bad("config", "must be an object");
      if (value.source_metadata !== undefined && value.source_metadata !== null && !isObject(value.source_metadata)) return bad("source_metadata", "must be an object");
      const project = (value.project as string).trim();
      const name = (value.experiment as string).trim();
      const runId = followRunId(project, name);
      const config: Record<string, unknown> = {};
      if (isObject(value.config)) config.trainer = value.config;
      if (isObject(value.source_metadata)) config.source_metadata = value.source_metadata;
      return {
        ok: true,
        events: [
          { type: "experiment", id: project, name: project, method: "grpo" },
          { type: "run", id: runId, experiment: project, kind: "train", status: "running", name, started_at: now, ...(Object.keys(config).length ? { config } : {}) },
        ],
        response: { id: runId, project, experiment: name },
      };
    }
    case "complete": {
      const experiment = lookup(request.session);
      if (experiment === null) return { ok: false, status: 404, error: `no session "${request.session.slice(0, 200)}"`, path: "session" };
      if (value.status !== "completed" && value.status !== "failed") return bad("status", `must be "completed" or "failed"`);
      if (value.exit_code !== undefined && !Number.isInteger(value.exit_code)) return bad("exit_code", "must be an integer");
      return {
        ok: true,
        events: [{ type: "run", id: request.session, experiment, kind: "train", status: value.status === "completed" ? "finished" : "failed", finished_at: now }],
        response: { ok: true },
      };
    }
    case "metrics": {
      const run = sessionRun(value, lookup);
      if (isTranslation(run)) return run;
      const at = step(value);
      if (at === null) return bad("step", "must be a non-negative integer");
      if (!isObject(value.data)) return bad("data", "must be an object of metric values");
      const event = metricsEvent(run, at, value.data);
      return { ok: true, events: event ? [event] : [], response: { ok: true } };
    }
    case "episodes": {
      const run = sessionRun(value, lookup);
      if (isTranslation(run)) return run;
      const at = step(value);
      if (at === null) return bad("step", "must be a non-negative integer");
      const result = rllmEpisodeEvents(run, liftStepMetadata(value), { step: at });
      if ("problem" in result) return bad(result.path || "body", result.problem);
      return { ok: true, events: result.events, response: { ok: true } };
    }
    case "episodes-batch": {
      const run = sessionRun(value, lookup);
      if (isTranslation(run)) return run;
      if (!Array.isArray(value.episodes)) return bad("episodes", "must be a list of episodes");
      const events: Record<string, unknown>[] = [];
      const tasks = new Set<string>();
      for (const [i, episode] of value.episodes.entries()) {
        if (!isObject(episode)) return bad(`episodes.${i}`, "must be an object");
        const at = step(episode);
        if (at === null) return bad(`episodes.${i}.step`, "must be a non-negative integer");
        const result = rllmEpisodeEvents(run, liftStepMetadata(episode), { step: at });
        if ("problem" in result) return bad(`episodes.${i}${result.path ? `.${result.path}` : ""}`, result.problem);
        for (const event of result.events) {
          // One task event per task: the samples of a group share it.
          if (event.type === "task") {
            if (tasks.has(String(event.id))) continue;
            tasks.add(String(event.id));
          }
          events.push(event);
        }
      }
      return { ok: true, events, response: { ok: true, stored: value.episodes.length } };
    }
    case "trajectory-groups": {
      const run = sessionRun(value, lookup);
      if (isTranslation(run)) return run;
      const problem = trajectoryGroupProblem(value);
      if (problem) return bad(problem.path, problem.message);
      // Groups are derived from the episodes themselves (task id per step); the summary adds nothing to store.
      return { ok: true, events: [], response: { ok: true } };
    }
    case "trajectory-groups-batch": {
      const run = sessionRun(value, lookup);
      if (isTranslation(run)) return run;
      if (!Array.isArray(value.groups)) return bad("groups", "must be a list of trajectory groups");
      for (const [i, group] of value.groups.entries()) {
        if (!isObject(group)) return bad(`groups.${i}`, "must be an object");
        const problem = trajectoryGroupProblem(group);
        if (problem) return bad(`groups.${i}.${problem.path}`, problem.message);
      }
      // As one by one: the groups are the episodes' own (step and task), the summaries add nothing to store.
      return { ok: true, events: [], response: { ok: true, stored: 0 } };
    }
    case "logs": {
      const run = sessionRun(value, lookup);
      if (isTranslation(run)) return run;
      if (!Array.isArray(value.logs)) return bad("logs", "must be a list");
      return { ok: true, events: [], response: { ok: true, stored: 0 } };
    }
    case "eval-results": {
      const run = sessionRun(value, lookup);
      if (isTranslation(run)) return run;
      if (typeof value.dataset_name !== "string" || !value.dataset_name) return bad("dataset_name", "must be a non-empty string");
      if (!Array.isArray(value.items)) return bad("items", "must be a list of {idx, task_id, reward, is_correct}");
      const events: Record<string, unknown>[] = [];
      const results: Record<string, unknown>[] = [];
      const seen = new Set<string>();
      for (const [i, item] of value.items.entries()) {
        if (!isObject(item)) return bad(`items.${i}`, "must be an object");
        if (typeof item.is_correct !== "boolean") return bad(`items.${i}.is_correct`, "must be true or false");
        if (item.reward !== undefined && item.reward !== null && (typeof item.reward !== "number" || !Number.isFinite(item.reward))) return bad(`items.${i}.reward`, "must be a number");
        const key = item.task_id !== undefined && item.task_id !== null ? String(item.task_id) : item.idx !== undefined ? String(item.idx) : null;
        if (key === null) return bad(`items.${i}.task_id`, "each item needs task_id or idx");
        const attempt = Number.isInteger(item.attempt) ? (item.attempt as number) : 0;
        // Results are per task; with several attempts only the first is kept here (pass@k stays in `reported`).
        if (attempt !== 0 || seen.has(key)) continue;
        seen.add(key);
        const taskId = `${value.dataset_name}:${key}`.slice(0, 256);
        events.push({ type: "task", id: taskId, key: taskId, benchmark: value.dataset_name });
        results.push({ task: taskId, success: item.is_correct, ...(typeof item.reward === "number" ? { reward: item.reward } : {}) });
      }
      const reported: Record<string, number> = {};
      if (typeof value.score === "number" && Number.isFinite(value.score)) reported.score = value.score;
      if (isObject(value.pass_at)) for (const [k, v] of Object.entries(value.pass_at)) if (typeof v === "number" && Number.isFinite(v)) reported[`pass@${k}`] = v;
      const stamp = typeof value.timestamp === "string" && value.timestamp ? value.timestamp : "0";
      const id = `${run.run}:eval:${value.dataset_name}:${stamp}`.slice(0, 256);
      if (results.length === 0 && Object.keys(reported).length === 0) return bad("items", "send per-task items or a score");
      events.push({ type: "eval_result", id, experiment: run.experiment, run: run.run, benchmark: value.dataset_name, results, ...(Object.keys(reported).length ? { reported } : {}) });
      return { ok: true, events, response: { ok: true, id } };
    }
  }
}
