// `harness-lab follow DIR --experiment NAME`: zero-code followers for the files RL trainers already write
// (verl, prime-rl, SkyRL, TRL, rllm). Each pass reads what is new since the last, turns it into v1 events with
// deterministic ids and sends them to a server (--server/--token or HARNESS_LAB_URL/HARNESS_LAB_TOKEN) or a
// store file (--db). Without --once it keeps following until interrupted.
import fs from "node:fs";
import path from "node:path";
import { HarnessLabClient } from "../../../lib/client/harness-lab-client";
import { EXPERIMENT_METHODS, type ExperimentMethod } from "../../../lib/domain/vocabulary";
import { followDirectory, formatFollowProblems, formatFollowSummary, type FollowProblem } from "../../../lib/services/follow/follow-directory";
import type { SyncTarget } from "../../../lib/services/sync/sync-target";
import { parseCommandArgs } from "../command-args";

const USAGE = `usage: harness-lab follow DIR --experiment NAME [--run NAME] [--server URL --token TOKEN | --db FILE]
                           [--once] [--interval SECONDS] [--method grpo|custom|…] [--state FILE]
                           [--reward-weights W1,W2,…]

Follows the files a trainer writes under DIR and sends them as they grow:
  verl       trainer.logger file backend (VERL_FILE_LOGGER_PATH, {"step","data"} lines) and
             trainer.rollout_data_dir / validation_data_dir {step}.jsonl dumps
  prime-rl   metrics.jsonl and rollouts/step_N/{train,eval}/{all,effective}/traces.jsonl: each episode once,
             from all/, with metadata.effective false for those the step did not train on (absent from
             effective/); a step's episodes wait for its effective/ file (or a later step)
  SkyRL      only its eval dumps are files: dumped_evals/global_step_N_evals/*.jsonl and aggregated_results.jsonl.
             SkyRL writes no training metrics and no training samples to files (they go to its tracker:
             wandb, mlflow, tensorboard or console); trainer.dump_data_batch's dumped_data/*.pkl are not read
  TRL        completions/completions_NNNNN.parquet (GRPOConfig log_completions=True). Rows TRL logs again
             (its log keeps the last generation across steps) are stored once. The reward is TRL's,
             Σ reward_weights × reward-function columns, when the weights are known (--reward-weights, or
             a JSON in the output dir holding "reward_weights"); otherwise no reward is made up: the logged
             columns are kept in metadata. TRL logs no success, so none is claimed (success false)
  rllm       FileLogger JSONL, training episodes (EpisodeLogger: episodes/{train,val}_step_N_epoch_E/*.json)
             and eval episodes (rllm eval --save-episodes: episodes/episode_NNNNNN_<task>.json)
Samples of one prompt at one step form a GRPO group. Re-following is safe: ids are deterministic.

  --experiment NAME  experiment id and name (created if new)
  --run NAME         run name (default: DIR's name); the run id is NAME/RUN
  --server URL       the dashboard (default: $HARNESS_LAB_URL); --token an ingest token (default: $HARNESS_LAB_TOKEN)
  --db FILE          write straight into this SQLite store instead
  --once             one pass, then exit (1 if any record could not be read)
  --interval SECONDS between passes when following (default 5)
  --state FILE       where progress is kept (default: DIR/.harness-lab-follow.json)
  --reward-weights W1,W2,…  TRL: GRPOConfig.reward_weights, in reward_funcs order
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs("follow", USAGE, args, {
    experiment: { type: "string" }, run: { type: "string" }, server: { type: "string" }, token: { type: "string" }, db: { type: "string" },
    once: { type: "boolean" }, interval: { type: "string" }, method: { type: "string" }, state: { type: "string" },
    "reward-weights": { type: "string" },
  });
  if (!parsed.ok) return parsed.exit;
  const { values, positionals, fail } = parsed;
  if (positionals.length !== 1) return fail(positionals.length === 0 ? "DIR is required" : `expected one DIR, got ${positionals.length}`);
  const dir = positionals[0]!;
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return fail(`${dir} is not a directory`);
  if (!values.experiment) return fail("--experiment NAME is required");
  const method = (values.method ?? "grpo") as ExperimentMethod;
  if (!EXPERIMENT_METHODS.includes(method)) return fail(`--method must be one of ${EXPERIMENT_METHODS.join(", ")}`);
  const interval = values.interval === undefined ? 5 : Number(values.interval);
  if (!Number.isFinite(interval) || interval <= 0) return fail(`--interval must be a positive number of seconds, got "${values.interval}"`);
  const rawWeights = values["reward-weights"];
  const rewardWeights = rawWeights === undefined ? undefined : rawWeights.split(",").map((w) => (w.trim() === "" ? NaN : Number(w)));
  if (rewardWeights && !rewardWeights.every(Number.isFinite)) return fail(`--reward-weights must be numbers separated by commas, got "${rawWeights}"`);

  if (values.db !== undefined && values.server !== undefined) return fail("choose one target: --server or --db, not both");
  const server = values.db === undefined ? (values.server ?? process.env.HARNESS_LAB_URL) : undefined;
  if (values.db === undefined && !server) return fail("no target: pass --server URL --token T (or set HARNESS_LAB_URL and HARNESS_LAB_TOKEN), or --db FILE");
  let target: SyncTarget;
  let close = () => {};
  if (server) {
    const token = values.token ?? process.env.HARNESS_LAB_TOKEN;
    if (!token) return fail(`no token for ${server}: pass --token T or set HARNESS_LAB_TOKEN`);
    if (!/^https?:\/\//.test(server)) return fail(`--server must be an http(s) URL, got "${server}"`);
    target = { kind: "http", client: new HarnessLabClient({ url: server, token }) };
  } else {
    if (!values.db) return fail("--db needs a FILE");
    const { openStore } = await import("../../../db/client");
    const store = openStore(path.resolve(values.db));
    target = { kind: "db", store };
    close = () => store.sqlite.close();
  }

  let stopping = false;
  let wake = () => {};
  const stop = () => {
    stopping = true;
    wake();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const seen = new Set<string>();
  const fresh = (problems: FollowProblem[]) => problems.filter((p) => {
    const key = `${p.file}:${p.line}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  try {
    for (;;) {
      const outcome = await followDirectory({ dir, target, experiment: values.experiment, run: values.run, method, statePath: values.state, rewardWeights });
      const problems = fresh(outcome.problems);
      if (values.once || outcome.summary.records > 0 || !outcome.ok) process.stdout.write(`${formatFollowSummary(outcome.summary)}\n`);
      if (problems.length > 0) process.stderr.write(`harness-lab follow: ${problems.length} record(s) not imported:\n${formatFollowProblems(problems)}\n`);
      if (!outcome.ok) process.stderr.write(`harness-lab follow: ${outcome.error}${values.once ? "" : `; retrying in ${interval}s`}\n`);
      if (values.once) return outcome.ok && outcome.problems.length === 0 ? 0 : 1;
      if (stopping) return outcome.ok ? 0 : 1;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, interval * 1000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopping) return 0;
    }
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
    close();
  }
}
