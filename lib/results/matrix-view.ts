// From the URL's parameters and the matrix source to what the page shows: the layout, the matrix, the baseline
// (picked, or the default), the two selected cells, and a note for every parameter that could not be used.
// Pure; the page does the queries (the source before, the selected cells' tasks after).
import { cellKey, type CellRef } from "./cell-key";
import { buildMatrix, defaultBaseline, type EvalMatrix } from "./eval-matrix";
import { evaluatedCheckpoints, matrixLayout, type HarnessRule, type MatrixLayout, type MatrixPreset } from "./matrix-layout";
import type { MatrixParams } from "./matrix-params";
import type { EvalMatrixSource } from "./matrix-source";

export interface MatrixView {
  preset: MatrixPreset;
  harnessRule: HarnessRule;
  layout: MatrixLayout;
  matrix: EvalMatrix;
  baseline: CellRef | null;
  /** True when no (usable) baseline was given and the first cell stands in. */
  baselineIsDefault: boolean;
  a: CellRef | null;
  b: CellRef | null;
  checkpoints: ReturnType<typeof evaluatedCheckpoints>;
  /** "name: why" for each parameter that was dropped. */
  problems: string[];
}

export function resolveMatrixView(source: EvalMatrixSource, params: MatrixParams, defaultPreset: MatrixPreset): MatrixView {
  const problems = source.missingExperiments.map((id) => `experiments: no experiment "${id}"`);
  const preset = params.preset ?? defaultPreset;
  const harnessRule = params.harness ?? "latest";
  const checkpoints = evaluatedCheckpoints(source);

  let checkpointId: string | null | undefined;
  if (params.checkpoint !== undefined) {
    if (checkpoints.some((c) => c.id === params.checkpoint)) checkpointId = params.checkpoint;
    else problems.push(`checkpoint: "${params.checkpoint}" is not an evaluated checkpoint of ${source.experiments.length > 1 ? "these experiments" : "this experiment"}`);
  }
  const layout = matrixLayout(source, { preset, harnessRule, checkpointId });

  const withTasks = new Set(source.cells.filter((c) => c.tasks.length > 0).map(cellKey));
  const known = new Set(source.cells.map(cellKey));
  const usable = (name: "baseline" | "a" | "b"): CellRef | null => {
    const cell = params[name];
    if (!cell) return null;
    const key = cellKey(cell);
    if (withTasks.has(key)) return cell;
    problems.push(known.has(key)
      ? `${name}: that cell has only summary numbers, no per-task results`
      : `${name}: no evaluation results for that cell here`);
    return null;
  };
  const picked = usable("baseline");
  const baseline = picked ?? defaultBaseline(source.cells, layout);
  return {
    preset, harnessRule, layout, baseline, baselineIsDefault: picked === null,
    matrix: buildMatrix(source.cells, layout, baseline),
    a: usable("a"),
    b: usable("b"),
    checkpoints,
    problems,
  };
}
