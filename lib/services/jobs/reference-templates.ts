// The templates every installation starts with: the three phases of the reference experiment (programs/reference-experiment),
// run by `harness-lab reference-job` with this server's own Node and code, so the very first launch works on a
// fresh machine — on the reference experiment the first start creates, or any experiment `demo` made.
// Installation-wide (no experiment): they are offered on every experiment, and the job fails with a clear
// message when the experiment has no reference config. Seeding never overwrites an admin's edit.
import "server-only";
import type { Store } from "../../../db/client";
import { getJobTemplateRow } from "../../../db/queries/jobs";
import { saveJobTemplate } from "../../../db/mutations/jobs";
import { SYSTEM_ACTOR } from "../../domain/audit-actor";
import { JobTemplateSpec, type JobTemplateInput } from "./pure/template-schema";

const RUNNER = ["{node}", "{home}/bin/harness-lab.mjs", "reference-job"];
const seed = { type: "seed", label: "Seed", description: "Sampling seed of this job's rollouts", default: 1 } as const;
const checkpoint = (description: string) => ({ type: "checkpoint", label: "Checkpoint", description, optional: true }) as const;
const resources = { cpus: 1, timeLimitMinutes: 120 } as const;

export const REFERENCE_TEMPLATES: Record<string, JobTemplateInput> = {
  "reference-train-epoch": {
    name: "Reference: train one epoch",
    kind: "train-epoch",
    command: [...RUNNER, "train-epoch", "--harness-version={harness_version}", "--checkpoint={checkpoint}", "--epoch={epoch}", "--seed={seed}"],
    placeholders: {
      harness_version: { type: "harness_version", label: "Harness version", description: "The harness the policy trains under (e.g. the new incumbent H2)" },
      checkpoint: checkpoint("The policy to continue from; empty = the initial policy"),
      epoch: { type: "epoch", label: "Epoch", min: 1, max: 1000, default: 1 },
      seed,
    },
    resources,
  },
  "reference-compare-candidate": {
    name: "Reference: compare a proposal's candidate",
    kind: "compare-candidate",
    command: [...RUNNER, "compare-candidate", "--proposal={proposal}", "--checkpoint={checkpoint}", "--seed={seed}"],
    placeholders: {
      proposal: { type: "proposal", label: "Proposal", description: "Its candidate harness against its base, fresh rollouts on the comparison set" },
      checkpoint: checkpoint("The policy both sides use; empty = the initial policy"),
      seed,
    },
    resources,
  },
  "reference-evaluate": {
    name: "Reference: evaluate a checkpoint",
    kind: "evaluate",
    command: [...RUNNER, "evaluate", "--harness-version={harness_version}", "--checkpoint={checkpoint}", "--benchmark={benchmark}", "--repeats={repeats}", "--seed={seed}"],
    placeholders: {
      harness_version: { type: "harness_version", label: "Harness version", description: "Evaluate under this harness (no skills at evaluation)" },
      checkpoint: checkpoint("The policy to evaluate; empty = the initial policy"),
      benchmark: { type: "benchmark", label: "Benchmark", options: ["all", "mini-verified", "mini-multilingual", "mini-pro"], default: "all" },
      repeats: { type: "repeats", label: "Repeats", min: 1, max: 10, default: 1 },
      seed,
    },
    resources,
  },
};

/** Inserts the reference templates that are missing; returns the ids it created. Safe to call on every start. */
export function seedReferenceTemplates(store: Store, now: number = Date.now()): string[] {
  const created: string[] = [];
  for (const [id, input] of Object.entries(REFERENCE_TEMPLATES)) {
    if (getJobTemplateRow(store, id)) continue;
    saveJobTemplate(store, { id, experimentId: null, spec: JobTemplateSpec.parse(input), createdBy: null }, SYSTEM_ACTOR, now);
    created.push(id);
  }
  return created;
}
