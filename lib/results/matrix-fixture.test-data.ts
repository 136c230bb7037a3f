// A hand-made matrix source for the unit tests: two experiments; "ha" has checkpoints at steps 3 and 6, the
// final one evaluated under H0, H1 and H2 on two benchmarks; "grpo" has one checkpoint under H0. Each cell's
// tasks are written as per-task success counts out of `attempts`, so the expected scores are easy to check.
import type { EvalCellSource, EvalMatrixSource } from "./matrix-source";

let order = 0;
export function cell(experimentId: string, checkpointId: string | null, harnessVersionId: string | null, benchmark: string,
  successes: number[], attempts = 1, prefix = benchmark): EvalCellSource {
  order += 1;
  return {
    experimentId, checkpointId, harnessVersionId, benchmark,
    repeats: Array.from({ length: attempts }, (_, i) => i), evalRuns: attempts,
    tasks: successes.map((s, i) => ({ taskId: `${prefix}-t${i}`, successes: s, attempts })),
    summaryOnly: [], firstOrder: order, lastOrder: order,
  };
}

export function fixtureSource(): EvalMatrixSource {
  order = 0;
  return {
    experiments: [
      { id: "ha", name: "HarnessAdapt", method: "harnessadapt-rl", incumbentVersionIds: ["ha-H1"], incumbentLabel: "H1" },
      { id: "grpo", name: "GRPO", method: "grpo", incumbentVersionIds: ["grpo-H0"], incumbentLabel: "H0" },
    ],
    missingExperiments: [],
    checkpoints: [
      { id: "ha-s3", experimentId: "ha", name: "step 3", step: 3, epoch: 1, role: "policy", order: 1 },
      { id: "ha-s6", experimentId: "ha", name: "step 6", step: 6, epoch: 2, role: "policy", order: 2 },
      { id: "grpo-s6", experimentId: "grpo", name: "final", step: 6, epoch: 2, role: "policy", order: 3 },
    ],
    harnessVersions: [
      { id: "ha-H0", experimentId: "ha", label: "H0", origin: "initial", order: 1 },
      { id: "ha-H1", experimentId: "ha", label: "H1", origin: "proposal", order: 2 },
      { id: "ha-H2", experimentId: "ha", label: "H2", origin: "proposal", order: 3 },
      { id: "grpo-H0", experimentId: "grpo", label: "H0", origin: "initial", order: 4 },
    ],
    cells: [
      cell("ha", "ha-s3", "ha-H0", "verified", [0, 0, 1, 0]),
      cell("ha", "ha-s6", "ha-H0", "verified", [0, 1, 1, 0]),
      cell("ha", "ha-s6", "ha-H0", "pro", [0, 0, 0, 1]),
      cell("ha", "ha-s6", "ha-H1", "verified", [1, 1, 1, 0]),
      cell("ha", "ha-s6", "ha-H1", "pro", [0, 1, 0, 1]),
      cell("ha", "ha-s6", "ha-H2", "verified", [1, 1, 1, 1]),
      cell("ha", "ha-s6", "ha-H2", "pro", [1, 1, 0, 1]),
      cell("grpo", "grpo-s6", "grpo-H0", "verified", [0, 0, 1, 1]),
      cell("grpo", "grpo-s6", "grpo-H0", "pro", [0, 0, 0, 0]),
    ],
  };
}
