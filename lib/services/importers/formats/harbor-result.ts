// A Harbor trial's `result.json` (harbor/models/trial/result.py, TrialResult): the verifier's verdict on one
// trial of one task. Shape: {task_name, trial_name, agent_info {name, model_info}, agent_result {n_input_tokens,
// n_output_tokens, cost_usd}, verifier_result {rewards {reward: 0|1|float}} (older: {reward}), exception_info,
// started_at, finished_at}. It becomes an evaluation report with one verdict for the task, joined to the
// trial's ATIF trajectory (atif.ts) like a SWE-bench report: success when the reward is positive.
// A job runs several trials of a task (n_attempts): the verdict names its trial (`attempt`), so it joins only
// the rollout read from "<trial_name>/agent/trajectory.json" (metadata.attempt), in either import order.
// Harbor names a trial "<task name[:32] without trailing _ or ->__<7 chars>" (TrialConfig.generate_trial_name),
// and a trajectory knows its task only from that folder: a longer task name is shortened the same way, so
// both sides name the same task; the full name stays in the verdict's details.
// A multi-step trial (harbor/trial/multi_step.py, MultiStepTrial) runs the agent once per named step of the task,
// each with its own instruction, its agent's logs reset before and moved to "<trial>/steps/<step>/agent/" after,
// its own AgentContext and its own verifier run (result.json step_results[i]); the trial's verifier_result is
// the per-key mean of the steps' rewards (or the final step's). So each step is a rollout of its own (atif.ts
// reads "<trial>/steps/<step>/agent/trajectory.json" as one, metadata.step_name = the step, metadata.attempt =
// the trial), not one rollout with the steps in order: the writer keeps no conversation across steps. The
// trial's verdict joins every step's rollout (they share the attempt); each step's own reward is kept in the
// verdict's details.steps, so what each step scored stays visible.
import type { FormatReader, ParsedFile, PeekedFile, Verdict } from "../types";
import { type JsonRecord, fieldPath, isRecord, optArray, optNumber, optRecord, optString, problem } from "./untrusted-json";

function isTrialResult(name: string, json: unknown): json is JsonRecord {
  const base = name.slice(name.lastIndexOf("/") + 1);
  return base === "result.json" && isRecord(json) && typeof json.task_name === "string" && typeof json.trial_name === "string"
    && ("verifier_result" in json || "exception_info" in json);
}

/** The task as the trial's folder names it (what atif.ts reads): task_name, or Harbor's shortened prefix of it. */
function taskOfTrial(taskName: string, trial: string): string {
  if (trial.startsWith(`${taskName}__`)) return taskName;
  const cut = trial.lastIndexOf("__");
  return cut > 0 ? trial.slice(0, cut) : taskName;
}

/** The reward a VerifierResult states: rewards.reward, else its first number; older results: reward. */
function rewardOf(verifier: JsonRecord, field: string): { reward: number | undefined; rewards: JsonRecord | undefined } {
  const rewards = optRecord(verifier, "rewards", field);
  const reward = rewards ? optNumber(rewards, "reward", fieldPath(field, "rewards")) ?? Object.values(rewards).find((v): v is number => typeof v === "number")
    : optNumber(verifier, "reward", field);
  return { reward, rewards };
}

/** A multi-step trial's step_results: each step's reward (null when its verifier did not run), by step name. */
function stepRewards(root: JsonRecord): Record<string, number | null> | undefined {
  const steps = optArray(root, "step_results", "");
  if (!steps || steps.length === 0) return undefined;
  const out: Record<string, number | null> = {};
  steps.forEach((item, i) => {
    const field = fieldPath("step_results", i);
    if (!isRecord(item)) problem(field, "must be an object (a StepResult)");
    const name = optString(item, "step_name", field);
    if (name === undefined || name === "") problem(fieldPath(field, "step_name"), "missing or empty");
    const verifier = optRecord(item, "verifier_result", field);
    out[name] = verifier ? rewardOf(verifier, fieldPath(field, "verifier_result")).reward ?? null : null;
  });
  return out;
}

export const harborResultReader: FormatReader = {
  name: "harbor-result",
  detect: (file: PeekedFile) => isTrialResult(file.name, file.json),
  read(file: PeekedFile): ParsedFile {
    if (!isTrialResult(file.name, file.json)) problem("file", "not a Harbor trial result.json (task_name, trial_name, verifier_result)");
    const root = file.json;
    const trial = optString(root, "trial_name", "")!;
    const taskName = optString(root, "task_name", "")!;
    const task = taskOfTrial(taskName, trial);
    const verifier = optRecord(root, "verifier_result", "");
    if (!verifier) {
      // The trial failed before the verifier ran: no verdict (the exception stays in the file).
      return { format: "harbor-result", rollouts: [], facts: [], reports: [{ verdicts: [{ instanceId: task, attempt: trial, success: false, status: "incomplete" }] }] };
    }
    const { reward, rewards } = rewardOf(verifier, "verifier_result");
    if (reward === undefined) problem("verifier_result.rewards", "names no reward");
    const steps = stepRewards(root);
    const verdict: Verdict = {
      instanceId: task,
      attempt: trial,
      success: reward > 0,
      status: reward > 0 ? "resolved" : "unresolved",
      details: { trial, reward, ...(rewards ? { rewards } : {}), ...(task !== taskName ? { task_name: taskName } : {}), ...(steps ? { steps } : {}) },
    };
    return { format: "harbor-result", rollouts: [], facts: [], reports: [{ verdicts: [verdict] }] };
  },
};
