// The bookkeeping a Harbor job folder holds beside its trajectories and trial verdicts: the job's and each
// trial's `config.json` (JobConfig / TrialConfig: what was run, not what happened), the job's `result.json`
// (JobResult: counts and stats over trials, each trial's own result.json has the verdicts) and terminus-2's
// per-episode `agent/episode-N/debug.json` (the raw LLM call log), and the verifier's own output in a trial's
// `verifier/` (or a multi-step trial's `steps/<step>/verifier/`): reward.txt / reward.json and the tests' stdout and
// stderr (TrialPaths), whose reward result.json already holds. They are recognised and listed as skipped with the
// reason, so importing a whole job folder exits 0 when every trajectory and verdict imported.
import type { FormatReader, ParsedFile, PeekedFile } from "../types";
import { isRecord } from "./untrusted-json";

const VERIFIER_OUTPUT = /(^|\/)verifier\/(reward\.(txt|json)|test-std(out|err)\.txt)$/;

function reasonFor(name: string, json: unknown): string | undefined {
  if (VERIFIER_OUTPUT.test(name)) return "a Harbor verifier's output (the trial's result.json holds its verdict)";
  if (!isRecord(json)) return undefined;
  const base = name.slice(name.lastIndexOf("/") + 1);
  if (base === "config.json" && typeof json.trial_name === "string" && isRecord(json.task)) return "a Harbor trial's configuration, not data";
  if (base === "config.json" && typeof json.job_name === "string" && ("agents" in json || "datasets" in json || "tasks" in json)) return "a Harbor job's configuration, not data";
  if (base === "result.json" && typeof json.n_total_trials === "number" && !("task_name" in json)) return "a Harbor job's summary (each trial's result.json holds its verdict)";
  if (/(^|\/)agent\/episode-\d+\/debug\.json$/.test(name)) return "a Harbor agent's per-episode LLM debug log (the trajectory holds the turns)";
  return undefined;
}

export const harborJobFilesReader: FormatReader = {
  name: "harbor-job-file",
  detect: (file: PeekedFile) => reasonFor(file.name, file.json) !== undefined,
  read(file: PeekedFile): ParsedFile {
    return { format: "harbor-job-file", rollouts: [], facts: [], reports: [], notData: reasonFor(file.name, file.json) ?? "Harbor bookkeeping, not data" };
  },
};
