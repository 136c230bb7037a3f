// What the evaluation matrix is computed from, as plain data: the cells of the chosen experiments with
// per-task successes/attempts summed over repeats (db/queries/eval-matrix.ts aggregates them in SQL), the
// summary-only runs, and the labels of experiments, checkpoints and harness versions. Types only.
import type { TaskAttempts } from "./pass-at-1";
import type { CellRef } from "./cell-key";

/** An eval run that sent only `reported` numbers: shown, but without interval or per-task view. */
export interface SummaryOnlyRun {
  evalRunId: string;
  repeat: number;
  reported: Record<string, number>;
}

export interface EvalCellSource extends CellRef {
  /** Distinct repeat indices of the runs with per-task results, ascending. */
  repeats: number[];
  /** Runs with per-task results (more than `repeats.length` when a repeat index was sent twice). */
  evalRuns: number;
  /** Per task, summed over the runs. */
  tasks: TaskAttempts[];
  summaryOnly: SummaryOnlyRun[];
  /** Insertion order of the cell's first and last eval run: "evaluated last" compares `lastOrder`. */
  firstOrder: number;
  lastOrder: number;
}

export interface ExperimentLabel {
  id: string;
  name: string;
  method: string;
  /**
   * Harness versions that stand for the incumbent, best first: the incumbent itself, then versions whose
   * origin is the incumbent's proposal (a producer may re-send an accepted candidate under its own H1/H2 id).
   */
  incumbentVersionIds: string[];
  /** The incumbent's own label ("H1+refuse_unhelpful_edit", never the promotion order's "H1"), null with no harness version. */
  incumbentLabel: string | null;
}

export interface CheckpointLabel {
  id: string;
  experimentId: string;
  name: string | null;
  step: number | null;
  epoch: number | null;
  role: string;
  order: number;
}

export interface HarnessLabel {
  id: string;
  experimentId: string;
  /** The producer's own label (H0, H1, "H0+run_related_tests", …). */
  label: string;
  origin: string;
  order: number;
  /**
   * The identity of its files (lib/domain/harness-naming.ts filesKey): equal for two versions exactly when they
   * hold the same paths with the same bytes. Absent when unknown; such a version's rows are never folded.
   */
  filesKey?: string;
}

export interface EvalMatrixSource {
  /** The experiments asked for that exist, in the order asked. */
  experiments: ExperimentLabel[];
  /** Asked-for ids that name no experiment. */
  missingExperiments: string[];
  checkpoints: CheckpointLabel[];
  harnessVersions: HarnessLabel[];
  cells: EvalCellSource[];
}
