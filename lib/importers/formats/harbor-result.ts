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
import type { FormatReader, ParsedFile, PeekedFile, Verdict } from "../types";
import { type JsonRecord, isRecord, optNumber, optRecord, optString, problem } from "./untrusted-json";

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
    const rewards = optRecord(verifier, "rewards", "verifier_result");
    const reward = rewards ? optNumber(rewards, "reward", "verifier_result.rewards") ?? Object.values(rewards).find((v): v is number => typeof v === "number")
      : optNumber(verifier, "reward", "verifier_result");
    if (reward === undefined) problem("verifier_result.rewards", "names no reward");
    const verdict: Verdict = {
      instanceId: task,
      attempt: trial,
      success: reward > 0,
      status: reward > 0 ? "resolved" : "unresolved",
      details: { trial, reward, ...(rewards ? { rewards } : {}), ...(task !== taskName ? { task_name: taskName } : {}) },
    };
    return { format: "harbor-result", rollouts: [], facts: [], reports: [{ verdicts: [verdict] }] };
  },
};
