// What the pass@1 curves are built from and what GET /api/v1/curves?pass1=… answers (db/queries/pass-at-1-
// curves.ts reads the input, pass-at-1-series.ts builds the output; a chart will draw it). Plain JSON, types only.
import type { EvalCellSource } from "../results/matrix-source";
import type { VersionInfo } from "./markers";
import type { Pass1Marker, TrainStepVersionRow } from "./pass-at-1-markers";
import type { XAxis } from "./x-axis";

/** Whose pass@1 to draw: the checkpoints of one training run, or every checkpoint of one experiment. */
export interface Pass1Scope {
  kind: "run" | "experiment";
  id: string;
}

export interface Pass1Checkpoint {
  id: string;
  step: number | null;
  epoch: number | null;
  /** When the checkpoint was recorded (ms). */
  time: number | null;
  order: number;
}

export interface Pass1Version {
  id: string;
  label: string;
  order: number;
  /** Its files' identity (lib/domain/harness-naming.ts filesKey); absent when unknown (never folded then). */
  filesKey?: string;
}

/** A trainer's metric that reports pass@1 on one benchmark (pass-at-1-metric-keys.ts), as step columns. */
export interface Pass1MetricColumns {
  run: string;
  key: string;
  benchmark: string;
  step: number[];
  epoch: Array<number | null>;
  time: Array<number | null>;
  value: Array<number | null>;
}

export interface Pass1Input {
  scope: Pass1Scope;
  experimentId: string;
  checkpoints: Pass1Checkpoint[];
  harnessVersions: Pass1Version[];
  /** The matrix's own cells (db/queries/eval-matrix.ts), narrowed to the scope's checkpoints. */
  cells: EvalCellSource[];
  metrics: Pass1MetricColumns[];
  /** The scope's train rollouts counted per step and harness version, for the markers (pass-at-1-markers.ts). */
  trainSteps?: TrainStepVersionRow[];
  /** The versions those rollouts name, with their parents and origins. */
  markerVersions?: VersionInfo[];
}

/** "eval results": from stored per-task results, with the interval over tasks; "metrics": as a trainer reported it. */
export type Pass1Source = "eval results" | "metrics";

export interface Pass1Point {
  x: number;
  step: number | null;
  checkpointId: string | null;
  passAt1: number;
  /** The 95 % interval over tasks; null from metrics or below two tasks. */
  lo: number | null;
  hi: number | null;
  /** Tasks behind the point (summed over benchmarks for the average); null from metrics. */
  tasks: number | null;
  /** The matrix cell the point is (lib/results/cell-key.ts); null for the average and for metrics. */
  cellKey: string | null;
}

export interface Pass1Series {
  key: string;
  source: Pass1Source;
  harnessVersionId: string | null;
  harnessLabel: string | null;
  /** null for the equal-weight average over benchmarks. */
  benchmark: string | null;
  label: string;
  /** The trainer's metric key, for source "metrics". */
  metricKey: string | null;
  run: string | null;
  /** Evaluated points with no x on the chosen axis (no checkpoint, step, epoch or time). */
  withoutX: number;
  points: Pass1Point[];
  /**
   * Harness versions holding the same files and scoring the same figures at every checkpoint are one line
   * (lib/results/matrix-identity.ts): the first version's series names them all ("H0 = H1 (same files)") and
   * lists their ids here; each other version's series stays in the data, `foldedInto` that series' key, and is
   * not drawn.
   */
  sameFilesVersionIds?: string[];
  foldedInto?: string;
}

export interface Pass1Curves {
  scope: Pass1Scope;
  experimentId: string;
  x: XAxis;
  /** The benchmarks averaged, in matrix column order. */
  benchmarks: string[];
  series: Pass1Series[];
  /** Where the harness the scope's training runs were trained under changed, on the same x axis. */
  markers: Pass1Marker[];
}
