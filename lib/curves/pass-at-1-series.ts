// The pass@1 curves (issue 14): pass@1 over the checkpoints of a run or experiment, one series per harness
// version × benchmark plus each version's equal-weight average over benchmarks, every point computed by the
// matrix's own cell function (lib/results/cell-pass-at-1.ts) and naming its matrix cell — so a point and the
// matrix cell can never differ. Benchmarks with no stored per-task results fall back to the pass@1 a trainer
// reported as a metric, labelled "metrics" and drawn without an interval. The prepare half of prepare → draw. Pure.
import { cellKey } from "../results/cell-key";
import { averageOfCells, cellPassAt1 } from "../results/cell-pass-at-1";
import type { PassAt1 } from "../results/pass-at-1";
import type { EvalCellSource } from "../results/matrix-source";
import { cellFigures } from "../results/matrix-identity";
import type { Pass1Checkpoint, Pass1Curves, Pass1Input, Pass1MetricColumns, Pass1Point, Pass1Series } from "./pass-at-1-types";
import { pass1Markers } from "./pass-at-1-markers";
import { epochPositions, type XAxis } from "./x-axis";

const part = (s: string | null) => encodeURIComponent(s ?? "");
export const pass1SeriesKey = (source: "eval" | "metrics", owner: string | null, benchmark: string | null) =>
  `pass1~${source}~${part(owner)}~${part(benchmark)}`;

/** Benchmarks in the matrix's column order: first evaluated first, then by name. */
export function benchmarkOrder(cells: readonly EvalCellSource[]): string[] {
  const first = new Map<string, number>();
  for (const c of cells) first.set(c.benchmark, Math.min(first.get(c.benchmark) ?? Infinity, c.firstOrder));
  return [...first.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([b]) => b);
}

function checkpointX(c: Pass1Checkpoint, x: XAxis): number | null {
  const v = x === "step" ? c.step : x === "epoch" ? c.epoch : c.time;
  return v !== null && Number.isFinite(v) ? v : null;
}

const byX = (a: Pass1Point, b: Pass1Point) => a.x - b.x || (a.step ?? 0) - (b.step ?? 0);

function pointOf(x: number, checkpoint: Pass1Checkpoint, p: { score: number | null; ci: [number, number] | null }, tasks: number, key: string | null): Pass1Point {
  return { x, step: checkpoint.step, checkpointId: checkpoint.id, passAt1: p.score as number, lo: p.ci?.[0] ?? null, hi: p.ci?.[1] ?? null, tasks, cellKey: key };
}

/**
 * Versions (in line order) that hold the same files and score the same figures at every checkpoint fold into
 * the first of them: per version, the version its line is drawn as (`into`) and, for that one, every version
 * it stands for. Versions with unknown files never fold.
 */
function foldIdenticalVersions(versionIds: ReadonlyArray<string | null>, versions: ReadonlyMap<string, { filesKey?: string }>, cells: readonly EvalCellSource[]) {
  const folds = new Map<string | null, { into: string | null; standsFor: Array<string> }>();
  const first = new Map<string, string>();
  for (const id of versionIds) {
    const files = id === null ? undefined : versions.get(id)?.filesKey;
    if (id === null || files === undefined) continue;
    const identity = `${files}\n${cellFigures(cells.filter((c) => c.harnessVersionId === id))}`;
    const into = first.get(identity);
    if (into === undefined) {
      first.set(identity, id);
      folds.set(id, { into: id, standsFor: [id] });
    } else {
      folds.get(into)!.standsFor.push(id);
      folds.set(id, { into, standsFor: [] });
    }
  }
  return folds;
}

function evalSeries(input: Pass1Input, x: XAxis, benchmarks: string[]): { series: Pass1Series[]; covered: Set<string> } {
  const checkpoints = new Map(input.checkpoints.map((c) => [c.id, c]));
  const scores = new Map<string, { cell: EvalCellSource; score: PassAt1 }>();
  for (const cell of input.cells) {
    const score = cellPassAt1(cell);
    if (score?.score != null) scores.set(cellKey(cell), { cell, score });
  }
  const covered = new Set([...scores.values()].map((s) => s.cell.benchmark));
  const versionIds = [...new Set([...scores.values()].map((s) => s.cell.harnessVersionId))];
  const versions = new Map(input.harnessVersions.map((v) => [v.id, v]));
  const rank = (id: string | null) => (id === null ? -1 : versions.get(id)?.order ?? Infinity);
  versionIds.sort((a, b) => rank(a) - rank(b) || String(a).localeCompare(String(b)));

  const folds = foldIdenticalVersions(versionIds, versions, input.cells);
  const series: Pass1Series[] = [];
  for (const versionId of versionIds) {
    const harnessLabel = versionId === null ? null : versions.get(versionId)?.label ?? versionId;
    const fold = folds.get(versionId);
    const group = fold && fold.standsFor.length > 1 ? fold.standsFor : null;
    const name = group ? `${group.map((id) => versions.get(id)?.label ?? id).join(" = ")} (same files)` : harnessLabel ?? "no harness version";
    const folded = (benchmark: string | null) =>
      fold && fold.into !== versionId ? { foldedInto: pass1SeriesKey("eval", fold.into, benchmark) } : group ? { sameFilesVersionIds: group } : {};
    const base = { source: "eval results" as const, harnessVersionId: versionId, harnessLabel, metricKey: null, run: null };
    // Checkpoints this version was evaluated at, in checkpoint order.
    const evaluated = [...new Set([...scores.values()].filter((s) => s.cell.harnessVersionId === versionId).map((s) => s.cell.checkpointId))];
    const ref = (checkpointId: string | null, benchmark: string) =>
      ({ experimentId: input.experimentId, checkpointId, harnessVersionId: versionId, benchmark });

    for (const benchmark of benchmarks.filter((b) => covered.has(b))) {
      const points: Pass1Point[] = [];
      let withoutX = 0;
      for (const checkpointId of evaluated) {
        const key = cellKey(ref(checkpointId, benchmark));
        const hit = scores.get(key);
        if (!hit) continue;
        const checkpoint = checkpointId === null ? undefined : checkpoints.get(checkpointId);
        const at = checkpoint ? checkpointX(checkpoint, x) : null;
        if (!checkpoint || at === null) withoutX += 1;
        else points.push(pointOf(at, checkpoint, hit.score, hit.score.tasks, key));
      }
      if (points.length + withoutX === 0) continue;
      series.push({ ...base, key: pass1SeriesKey("eval", versionId, benchmark), benchmark, label: `${name} · ${benchmark}`, withoutX, points: points.sort(byX), ...folded(benchmark) });
    }

    // The average exists at a checkpoint only where every benchmark has a per-task score, as in the matrix.
    if (benchmarks.length < 2) continue;
    const points: Pass1Point[] = [];
    let withoutX = 0;
    for (const checkpointId of evaluated) {
      const cells = benchmarks.map((b) => scores.get(cellKey(ref(checkpointId, b)))?.score ?? null);
      const avg = averageOfCells(cells);
      if (!avg.complete) continue;
      const checkpoint = checkpointId === null ? undefined : checkpoints.get(checkpointId);
      const at = checkpoint ? checkpointX(checkpoint, x) : null;
      if (!checkpoint || at === null) withoutX += 1;
      else points.push(pointOf(at, checkpoint, avg, cells.reduce((n, c) => n + (c?.tasks ?? 0), 0), null));
    }
    if (points.length + withoutX > 0) {
      series.push({ ...base, key: pass1SeriesKey("eval", versionId, null), benchmark: null, label: `${name} · average`, withoutX, points: points.sort(byX), ...folded(null) });
    }
  }
  return { series, covered };
}

function metricPoints(cols: Pick<Pass1MetricColumns, "step" | "epoch" | "time" | "value">, x: XAxis): { points: Pass1Point[]; withoutX: number } {
  const epochX = x === "epoch" ? epochPositions([cols]) : null;
  const points: Pass1Point[] = [];
  let withoutX = 0;
  cols.step.forEach((step, i) => {
    const value = cols.value[i];
    if (value === null || !Number.isFinite(value)) return;
    const at = x === "step" ? step : x === "time" ? cols.time[i] : epochX?.get(step) ?? null;
    if (at === null) withoutX += 1;
    else points.push({ x: at, step, checkpointId: null, passAt1: value, lo: null, hi: null, tasks: null, cellKey: null });
  });
  return { points: points.sort(byX), withoutX };
}

/** Per run, the trainer's pass@1 for the benchmarks without per-task results, and their average where every one has a value. */
function metricSeries(metrics: readonly Pass1MetricColumns[], covered: ReadonlySet<string>, x: XAxis): Pass1Series[] {
  const out: Pass1Series[] = [];
  const runs = [...new Set(metrics.map((m) => m.run))];
  for (const run of runs) {
    // With several runs (an experiment's scope) the label names the run, so two runs' lines are told apart.
    const owner = runs.length > 1 ? `${run} · ` : "";
    const mine = metrics.filter((m) => m.run === run && !covered.has(m.benchmark)).sort((a, b) => a.benchmark.localeCompare(b.benchmark));
    const base = { source: "metrics" as const, harnessVersionId: null, harnessLabel: null, run };
    for (const m of mine) {
      out.push({ ...base, key: pass1SeriesKey("metrics", run, m.benchmark), benchmark: m.benchmark, label: `${owner}${m.benchmark} (trainer metrics)`, metricKey: m.key, ...metricPoints(m, x) });
    }
    if (mine.length < 2) continue;
    // The average at the steps every benchmark reported (epoch and time taken from the first that has them).
    const at = mine.map((m) => new Map(m.step.map((s, i) => [s, i])));
    const cols = { step: [] as number[], epoch: [] as Array<number | null>, time: [] as Array<number | null>, value: [] as Array<number | null> };
    for (const step of mine[0].step) {
      const values = mine.map((m, k) => m.value[at[k].get(step) ?? -1] ?? null);
      if (values.some((v) => v === null || !Number.isFinite(v))) continue;
      const first = (column: "epoch" | "time") => mine.map((m, k) => m[column][at[k].get(step)!]).find((v) => v !== null) ?? null;
      cols.step.push(step);
      cols.epoch.push(first("epoch"));
      cols.time.push(first("time"));
      cols.value.push((values as number[]).reduce((s, v) => s + v, 0) / values.length);
    }
    out.push({ ...base, key: pass1SeriesKey("metrics", run, null), benchmark: null, label: `${owner}average of ${mine.map((m) => m.benchmark).join(", ")} (trainer metrics)`, metricKey: null, ...metricPoints(cols, x) });
  }
  return out;
}

/** The pass@1 series of one scope on the chosen x axis: per-task results first, then the metrics fallback. */
export function buildPass1Curves(input: Pass1Input, x: XAxis): Pass1Curves {
  const benchmarks = benchmarkOrder(input.cells);
  const { series, covered } = evalSeries(input, x, benchmarks);
  return { scope: input.scope, experimentId: input.experimentId, x, benchmarks, series: [...series, ...metricSeries(input.metrics, covered, x)],
    markers: pass1Markers(input.trainSteps ?? [], input.markerVersions ?? [], x),
  };
}
