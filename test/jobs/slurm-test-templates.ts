// What both Slurm test files (sbatch and slurmrestd) launch: the reference train-epoch job moved to Slurm, a
// job that sleeps (to be cancelled) and one that fails with exit code 3; and Slurm's own view of a job.
import { execFileSync } from "node:child_process";

/** A `node -e` command as a template's argv (braces doubled: they are literal, not placeholders). */
const script = (code: string) => ["{node}", "-e", code.replace(/[{}]/g, (c) => c + c)];

/** [template id, spec] for `saveTemplate`, ids prefixed so the two files' templates never meet. */
export function slurmTestTemplates(prefix: string, trainName: string, train: { resources?: object }): Array<[string, object]> {
  return [
    [`${prefix}-train-epoch`, { ...train, name: trainName, resources: { ...train.resources, executor: "slurm", partition: "debug", memory: "512M", timeLimitMinutes: 10 } }],
    [`${prefix}-sleeper`, { name: "sleeper", kind: "custom", command: script(`console.log("sleeping"); setTimeout(() => {}, 60000)`), resources: { executor: "slurm" } }],
    [`${prefix}-fails`, { name: "fails", kind: "custom", command: script(`console.error("bad things"); process.exit(3)`), resources: { executor: "slurm" } }],
  ];
}

/** JobState as `scontrol show job -o` reports it. */
export const slurmState = (id: string) => /JobState=(\S+)/.exec(execFileSync("scontrol", ["show", "job", "-o", id], { encoding: "utf8" }))?.[1];
