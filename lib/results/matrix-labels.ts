// How the matrix names experiments, checkpoints and harness versions: the producer's own names (a checkpoint's
// name, else its step; a harness version's label such as H0/H1/H2), looked up from the matrix source.
import type { CheckpointLabel, EvalMatrixSource, ExperimentLabel, HarnessLabel } from "./matrix-source";
import type { RowRef } from "./cell-key";

export interface MatrixLabels {
  experiment(id: string): ExperimentLabel | undefined;
  checkpoint(id: string | null): CheckpointLabel | undefined;
  harness(id: string | null): HarnessLabel | undefined;
  checkpointText(id: string | null): string;
  harnessText(id: string | null): string;
  experimentText(id: string): string;
  /** "step 6 · H2", with the experiment's name first when `withExperiment`. */
  rowText(row: RowRef, withExperiment: boolean): string;
}

export function matrixLabels(source: Pick<EvalMatrixSource, "experiments" | "checkpoints" | "harnessVersions">): MatrixLabels {
  const experiments = new Map(source.experiments.map((e) => [e.id, e]));
  const checkpoints = new Map(source.checkpoints.map((c) => [c.id, c]));
  const harness = new Map(source.harnessVersions.map((h) => [h.id, h]));
  const checkpointText = (id: string | null) => {
    if (id === null) return "no checkpoint";
    const c = checkpoints.get(id);
    if (!c) return id;
    if (c.name === null) return c.step === null ? c.id : `step ${c.step}`;
    // A name that already says the step ("step 6") is not repeated as "step 6 (step 6)".
    return c.step === null || c.name.includes(String(c.step)) ? c.name : `${c.name} (step ${c.step})`;
  };
  const harnessText = (id: string | null) => (id === null ? "no harness version" : harness.get(id)?.label ?? id);
  const experimentText = (id: string) => experiments.get(id)?.name ?? id;
  return {
    experiment: (id) => experiments.get(id),
    checkpoint: (id) => (id === null ? undefined : checkpoints.get(id)),
    harness: (id) => (id === null ? undefined : harness.get(id)),
    checkpointText,
    harnessText,
    experimentText,
    rowText: (row, withExperiment) =>
      `${withExperiment ? `${experimentText(row.experimentId)} · ` : ""}${checkpointText(row.checkpointId)} · ${harnessText(row.harnessVersionId)}`,
  };
}
