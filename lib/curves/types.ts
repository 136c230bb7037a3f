// What GET /api/v1/curves answers (db/queries/curves.ts builds it, components/charts draws it). Plain JSON.
import type { EpochMarker, HarnessMarker } from "./markers";
import type { Pass1Curves } from "./pass-at-1-types";
import type { XAxis } from "./x-axis";

/** Where a series' values come from; the chart says it in words. */
export type CurveSource =
  /** A training curve computed from the run's stored train rollouts that name a step. */
  | { kind: "rollouts"; rollouts: number }
  /** A training curve as the trainer reported it, under this key (or "1 − a − b"). */
  | { kind: "trainer"; key: string }
  /** A trainer's metric key charted as itself. */
  | { kind: "metric" }
  /** Nothing to draw for this run. */
  | { kind: "none"; reason: string };

export interface CurveSeries {
  run: string;
  key: string;
  label: string;
  source: CurveSource;
  /** Points that have an x on the chosen axis, before reduction. */
  originalCount: number;
  /** Points left out because they have no x on this axis (no epoch, no time). */
  withoutX: number;
  reduced: boolean;
  /** Columns of the points drawn, in x order. s is the smoothed value, computed on the full series. */
  x: number[];
  step: number[];
  y: Array<number | null>;
  s: Array<number | null>;
}

export interface CurveRun {
  id: string;
  name: string | null;
  kind: string;
  experimentId: string;
  experimentName: string;
  /** Every metric key the run reported, sorted. */
  metricKeys: string[];
  /** Stored train rollouts that name a step. */
  trainRollouts: number;
}

/** A marker of one run, placed on the chosen x axis (null when the step has no x there). */
export type CurveMarker = (HarnessMarker | EpochMarker) & { run: string; x: number | null };

export interface CurvesResponse {
  x: XAxis;
  /** The most points any series holds. */
  points: number;
  smoothing: number;
  runs: CurveRun[];
  series: CurveSeries[];
  markers: CurveMarker[];
  /** Only when `pass1` was asked for: the pass@1 curves of each scope, in the order asked (pass-at-1-types.ts). */
  pass1?: Pass1Curves[];
}
