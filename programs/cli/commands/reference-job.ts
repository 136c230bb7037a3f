// `harness-lab reference-job <train-epoch|compare-candidate|evaluate> …`: the command the preinstalled job
// templates run. It only works inside a job (it reads the HARNESS_LAB_* variables and the job's inputs.json).
import { parseArgs } from "node:util";
import { jobEnvironment, REFERENCE_JOB_KINDS, runReferenceJob, type ReferenceJobKind } from "../../reference-job/reference-job";

const USAGE = "usage: harness-lab reference-job train-epoch|compare-candidate|evaluate [--harness-version ID] [--checkpoint ID] [--proposal ID] [--epoch N] [--seed N] [--benchmark NAME] [--repeats N]\n";

export async function run(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "harness-version": { type: "string" }, checkpoint: { type: "string" }, proposal: { type: "string" },
      epoch: { type: "string" }, seed: { type: "string", default: "1" }, benchmark: { type: "string" }, repeats: { type: "string" },
    },
  });
  const kind = positionals[0];
  if (positionals.length !== 1 || !(REFERENCE_JOB_KINDS as readonly string[]).includes(kind)) return usageError(`expected one of ${REFERENCE_JOB_KINDS.join(", ")}`);
  const int = (name: string, text: string | undefined, min: number): number | undefined | string => {
    if (text === undefined) return undefined;
    return /^[0-9]{1,10}$/.test(text) && Number(text) >= min ? Number(text) : `--${name} must be a whole number ≥ ${min}, not "${text}"`;
  };
  const epoch = int("epoch", values.epoch, 1);
  const seed = int("seed", values.seed, 0);
  const repeats = int("repeats", values.repeats, 1);
  for (const v of [epoch, seed, repeats]) if (typeof v === "string") return usageError(v);
  let env;
  try {
    env = jobEnvironment(process.env);
  } catch (error) {
    return usageError((error as Error).message);
  }
  await runReferenceJob(kind as ReferenceJobKind, {
    harnessVersion: values["harness-version"], checkpoint: values.checkpoint, proposal: values.proposal,
    epoch: epoch as number | undefined, seed: (seed as number | undefined) ?? 1, benchmark: values.benchmark, repeats: repeats as number | undefined,
  }, env, (line) => process.stdout.write(`${line}\n`));
  return 0;
}

function usageError(message: string): number {
  process.stderr.write(`harness-lab reference-job: ${message}\n${USAGE}`);
  return 2;
}
