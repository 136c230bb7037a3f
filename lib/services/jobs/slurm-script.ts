// The batch script a Slurm job runs, generated from the rendered template. Shell syntax appears only here,
// and every value in it is single-quoted (a ' inside becomes '\''), so nothing a parameter holds can be read
// by bash as syntax: `; rm -rf /`, `$(…)` and backticks stay the literal text they are. #SBATCH lines are
// read by sbatch, not bash, so their values are restricted to characters that need no quoting at all. With a
// sandbox, the command runs inside bubblewrap on the node (lib/services/jobs/sandbox.ts).
import type { ResourcesSpec } from "./pure/template-schema";
import { shellQuote } from "./pure/sh-quote";

export { shellQuote };

/** Characters safe in an #SBATCH value (no spaces, no %, which sbatch expands in file names). */
const SBATCH_SAFE = /^[A-Za-z0-9_./:=+,@-]+$/;

export interface SlurmScriptInput {
  jobId: string;
  /** Where Slurm writes stdout and stderr (the job's log). */
  logPath: string;
  argv: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string;
  /** A file holding the job's token, read into HARNESS_LAB_TOKEN at start (kept out of the script). */
  tokenFile: string;
  resources: ResourcesSpec;
  /**
   * Run the command inside bubblewrap on the node (sandbox.ts, with the node's network): `required` fails the
   * job when bwrap cannot run there, otherwise it runs unconfined with a warning in its log. null: unconfined.
   * Which user the job runs as on the node is known only there: as root, bwrap gets `asRoot` (no user namespace)
   * and the command starts with `drop` (setpriv to the job user); as anyone else, `asUser`.
   */
  sandbox?: SlurmSandbox | null;
}

export interface SlurmSandbox {
  required: boolean;
  asRoot: { args: readonly string[]; drop: readonly string[] };
  asUser: { args: readonly string[] };
}

export function sbatchDirectives(input: Pick<SlurmScriptInput, "jobId" | "logPath" | "resources">): string[] {
  const r = input.resources;
  const lines = [
    `--job-name=harness-lab-${input.jobId.slice(0, 8)}`,
    `--output=${input.logPath}`,
    "--open-mode=append",
    // A job that is requeued would post its events twice under a fresh process; let it fail visibly instead.
    "--no-requeue",
  ];
  if (r.partition) lines.push(`--partition=${r.partition}`);
  if (r.cpus) lines.push(`--cpus-per-task=${r.cpus}`);
  if (r.gpus) lines.push(`--gres=gpu:${r.gpus}`);
  if (r.memory) lines.push(`--mem=${r.memory}`);
  if (r.timeLimitMinutes) lines.push(`--time=${r.timeLimitMinutes}`);
  for (const line of lines) {
    const value = line.slice(line.indexOf("=") + 1);
    if (!SBATCH_SAFE.test(value)) throw new Error(`cannot write "#SBATCH ${line.slice(0, 80)}": use paths and names of letters, digits and ./_:=+,@- only (set HARNESS_LAB_JOBS_DIR to such a path)`);
  }
  return lines.map((line) => `#SBATCH ${line}`);
}

export function slurmBatchScript(input: SlurmScriptInput): string {
  const envNames = Object.keys(input.env);
  for (const name of envNames) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not an environment variable name`);
  if (input.argv.length === 0) throw new Error("an empty command");
  const command = input.argv.map(shellQuote).join(" ");
  return [
    "#!/bin/bash",
    `# Written by Harness Lab for job ${input.jobId}; the job's record in the dashboard is the source of truth.`,
    ...sbatchDirectives(input),
    ...envNames.map((name) => `export ${name}=${shellQuote(input.env[name])}`),
    `HARNESS_LAB_TOKEN="$(cat ${shellQuote(input.tokenFile)})" || { echo "harness-lab: cannot read the job token" >&2; exit 1; }`,
    "export HARNESS_LAB_TOKEN",
    `cd ${shellQuote(input.cwd)} || { echo "harness-lab: cannot enter the working directory" >&2; exit 1; }`,
    ...(input.sandbox ? sandboxLines(input.sandbox, command) : []),
    `exec ${command}`,
    "",
  ].join("\n");
}

/** Tries bwrap on the node first (it may be missing, or user namespaces off), then runs the command inside it. */
function sandboxLines(sandbox: SlurmSandbox, command: string): string[] {
  const unconfined = sandbox.required
    ? [`  echo "harness-lab: HARNESS_LAB_JOB_SANDBOX=bwrap, but bubblewrap cannot run on $(hostname): $HL_SANDBOX_ERROR" >&2`, "  exit 1"]
    : [`  echo "harness-lab: WARNING: this job is NOT confined: bubblewrap cannot run on $(hostname): $HL_SANDBOX_ERROR" >&2`];
  const words = (argv: readonly string[]) => argv.map(shellQuote).join(" ");
  return [
    'if [ "$(id -u)" = 0 ]; then',
    `  HL_SANDBOX=(${words(sandbox.asRoot.args)})`,
    `  HL_DROP=(${words(sandbox.asRoot.drop)})`,
    "else",
    `  HL_SANDBOX=(${words(sandbox.asUser.args)})`,
    "  HL_DROP=()",
    "fi",
    `if HL_SANDBOX_ERROR="$(bwrap "\${HL_SANDBOX[@]}" -- "\${HL_DROP[@]}" /bin/sh -c 'exit 0' 2>&1)"; then`,
    `  exec bwrap "\${HL_SANDBOX[@]}" -- "\${HL_DROP[@]}" ${command}`,
    "else",
    ...unconfined,
    "fi",
  ];
}
