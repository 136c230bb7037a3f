// What the reference job's phases (phases.ts) are given by the job that runs them (reference-job.ts): the job's
// arguments and the context built from its experiment. Apart from both, so the job and its phases do not import
// each other (issue 42: no import cycles, type-only ones included).
import type { DemoContext } from "../reference-experiment/run/demo-context";
import type { SoftmaxPolicy } from "../reference-experiment/policy/softmax-policy";
import type { HarnessFile } from "../reference-experiment/harness/types";
import type { RepairTask } from "../reference-experiment/types";
import type { HarnessManifest, JobInputs } from "../../lib/services/jobs/job-inputs";

export interface ReferenceJobArgs {
  harnessVersion?: string;
  checkpoint?: string;
  proposal?: string;
  epoch?: number;
  seed: number;
  benchmark?: string;
  repeats?: number;
}

/** What the phases share: the demo context built from the experiment's config, the job's ids and a progress reporter. */
export interface JobContext {
  demo: DemoContext;
  experiment: string;
  run: string;
  inputs: JobInputs;
  policy: SoftmaxPolicy;
  checkpoint: JobInputs["checkpoints"][string] | null;
  progress(fraction: number, message: string): void;
  sendTasks(tasks: readonly RepairTask[]): Promise<void>;
  harnessFiles(manifest: HarnessManifest): HarnessFile[];
}
