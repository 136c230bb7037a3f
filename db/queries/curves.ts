// Training curves of one or more runs (GET /api/v1/curves and the curves on the experiment, run and overlay
// pages): the five training rates per step from the stored train rollouts (per-step counts kept on write),
// else the trainer's own report; any metric key a trainer sent, the steps where the harness changed and where epochs began, on the chosen x
// axis, each series smoothed and reduced to at most N points (lib/curves).
import "server-only";
import type { Store } from "../client";
import { buildSeries, emptyColumns, type StepColumns } from "../../lib/curves/build-series";
import type { CurveSettings } from "../../lib/curves/curve-settings";
import { epochMarkers, harnessMarkers, type VersionInfo } from "../../lib/curves/markers";
import type { HarnessNames } from "../../lib/domain/harness-naming";
import { getHarnessNames } from "./harness-naming-rows";
import {
  curveLabel, describeTrainerSource, isTrainingKey, oneMinusColumns, rateColumns, shareColumns, trainerSourceFor, type TrainStep,
} from "../../lib/curves/training-series";
import { loadTrainSteps } from "./train-step-rates";
import { cachedMetricColumns } from "./metric-series-cache";
import type { CurveMarker, CurveRun, CurveSeries, CurveSource, CurvesResponse } from "../../lib/curves/types";
import { epochPositions } from "../../lib/curves/x-axis";

export type CurvesResult = { ok: true; data: CurvesResponse } | { ok: false; unknownRun: string };

interface RunRow {
  id: string;
  name: string | null;
  kind: string;
  experimentId: string;
  experimentName: string;
}

function getRun(store: Store, runId: string): RunRow | null {
  return (store.sqlite
    .prepare(
      `SELECT ru.id, ru.name, ru.kind, ru.experiment_id AS experimentId, e.name AS experimentName
         FROM runs ru JOIN experiments e ON e.id = ru.experiment_id WHERE ru.id = ?`,
    )
    .get(runId) as RunRow | undefined) ?? null;
}

/**
 * The run's metric keys, by hopping along the (run_id, key, step) primary key from one key to the next:
 * a handful of index seeks instead of reading every point (a run may hold millions).
 */
export function listMetricKeys(store: Store, runId: string): string[] {
  return store.sqlite
    .prepare(
      `WITH RECURSIVE k(key) AS (
         SELECT (SELECT min(key) FROM metric_points WHERE run_id = @run)
         UNION ALL
         SELECT (SELECT min(key) FROM metric_points WHERE run_id = @run AND key > k.key) FROM k WHERE k.key IS NOT NULL
       ) SELECT key FROM k WHERE key IS NOT NULL`,
    )
    .pluck()
    .all({ run: runId }) as string[];
}


/** Which columns besides step and value a series needs: epochs for the epoch axis or the epoch markers, times for wall time. */
interface Needs {
  epoch: boolean;
  time: boolean;
}

/**
 * One metric series as columns in step order. The points come back as JSON arrays built inside SQLite, only
 * the columns needed: for 100,000 points that is about half the time of handing JavaScript one row at a time.
 * (SQLite writes doubles in JSON exactly, in shortest round-trip form.) A column not asked for is all null.
 * Kept in memory until a point is added to the series (metric-series-cache.ts).
 */
function loadMetric(store: Store, runId: string, key: string, needs: Needs): StepColumns {
  return cachedMetricColumns(store, runId, key, needs, () => readMetric(store, runId, key, needs));
}

function readMetric(store: Store, runId: string, key: string, needs: Needs): StepColumns {
  const column = (name: string, wanted: boolean) => (wanted ? `json_group_array(${name})` : "NULL");
  const row = store.sqlite
    .prepare(
      `SELECT json_group_array(step), json_group_array(value), ${column("epoch", needs.epoch)}, ${column("time", needs.time)}
         FROM (SELECT step, value${needs.epoch ? ", epoch" : ""}${needs.time ? ", time" : ""}
                 FROM metric_points WHERE run_id = ? AND key = ? ORDER BY step)`,
    )
    .raw()
    .get(runId, key) as [string, string, string | null, string | null];
  const step = JSON.parse(row[0]) as number[];
  const nulls = () => new Array<null>(step.length).fill(null);
  const cols: StepColumns = {
    step,
    value: JSON.parse(row[1]),
    epoch: row[2] === null ? nulls() : JSON.parse(row[2]),
    time: row[3] === null ? nulls() : JSON.parse(row[3]),
  };
  return inStepOrder(cols);
}

/** The primary key (run, key, step) gives step order; should a plan ever not, sort rather than draw zigzags. */
function inStepOrder(cols: StepColumns): StepColumns {
  const { step } = cols;
  let sorted = true;
  for (let i = 1; i < step.length && sorted; i++) sorted = step[i - 1] <= step[i];
  if (sorted) return cols;
  const order = step.map((_, i) => i).sort((a, b) => step[a] - step[b]);
  return { step: order.map((i) => step[i]), epoch: order.map((i) => cols.epoch[i]), time: order.map((i) => cols.time[i]), value: order.map((i) => cols.value[i]) };
}

/** The versions with their files' identity and their names in the one naming (lib/domain/harness-naming.ts). */
export function loadVersions(store: Store, ids: string[]): Map<string, VersionInfo> {
  if (ids.length === 0) return new Map();
  const rows = store.sqlite
    .prepare(
      `SELECT h.id, h.label, h.parent_id AS parentId, p.label AS parentLabel, h.origin, h.origin_proposal_id AS originProposalId, h.description,
              h.experiment_id AS experimentId
         FROM harness_versions h LEFT JOIN harness_versions p ON p.id = h.parent_id
        WHERE h.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as Array<VersionInfo & { experimentId: string }>;
  const names = new Map<string, HarnessNames>();
  for (const experimentId of new Set(rows.map((r) => r.experimentId))) names.set(experimentId, getHarnessNames(store, experimentId));
  return new Map(rows.map(({ experimentId, ...r }) => {
    const name = names.get(experimentId)!.byId.get(r.id);
    return [r.id, { ...r, filesKey: name?.filesKey, name: name?.display }];
  }));
}

interface PendingSeries {
  key: string;
  source: CurveSource;
  values: StepColumns;
}

/** The values of one key for one run, and where they come from. */
function seriesValues(
  store: Store, runId: string, key: string, steps: TrainStep[], trainRollouts: number, reported: Set<string>, needs: Needs,
): PendingSeries {
  if (isTrainingKey(key)) {
    if (steps.length > 0) return { key, source: { kind: "rollouts", rollouts: trainRollouts }, values: rateColumns(steps, key) };
    const fallback = trainerSourceFor(key, reported);
    if (!fallback) {
      return { key, source: { kind: "none", reason: "no stored train rollouts with a step, and the trainer reported no such metric" }, values: emptyColumns() };
    }
    const source: CurveSource = { kind: "trainer", key: describeTrainerSource(fallback) };
    if ("key" in fallback) return { key, source, values: loadMetric(store, runId, fallback.key, needs) };
    if ("share" in fallback) return { key, source, values: shareColumns(fallback.share.map((k) => loadMetric(store, runId, k, needs))) };
    const [a, b] = fallback.oneMinus.map((k) => loadMetric(store, runId, k, needs));
    return { key, source, values: oneMinusColumns(a, b) };
  }
  if (!reported.has(key)) return { key, source: { kind: "none", reason: "this run reported no such metric" }, values: emptyColumns() };
  return { key, source: { kind: "metric" }, values: loadMetric(store, runId, key, needs) };
}

/** The time of a step in step-ordered columns (binary search), or null. */
function timeAt(cols: StepColumns, step: number): number | null {
  let lo = 0;
  let hi = cols.step.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cols.step[mid] === step) return cols.time[mid];
    if (cols.step[mid] < step) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

function runCurves(store: Store, run: RunRow, settings: CurveSettings) {
  const metricKeys = listMetricKeys(store, run.id);
  const reported = new Set(metricKeys);
  // Per-step counts kept on write (migration 0011): the cost follows the run's steps, not its rollouts.
  const steps = loadTrainSteps(store, run.id);
  const trainRollouts = steps.reduce((n, s) => n + s.rates.rollouts, 0);
  // Without training steps, a run's epochs (for the markers) come from its metric points.
  const needs: Needs = { epoch: settings.x === "epoch" || steps.length === 0, time: settings.x === "time" };
  const pending = settings.keys.map((key) => seriesValues(store, run.id, key, steps, trainRollouts, reported, needs));

  // Epochs and times of steps come from the training steps when there are any, else from the longest series
  // loaded (a run's epochs are the same whichever key reports them).
  const stepColumns: StepColumns = steps.length > 0
    ? { step: steps.map((s) => s.step), epoch: steps.map((s) => s.epoch), time: steps.map((s) => s.time), value: [] }
    : pending.reduce<StepColumns>((longest, p) => (p.values.step.length > longest.step.length ? p.values : longest), emptyColumns());
  const epochX = settings.x === "epoch" ? epochPositions([stepColumns, ...pending.map((p) => p.values)]) : undefined;
  const series: CurveSeries[] = pending.map((p) => ({
    run: run.id, key: p.key, label: curveLabel(p.key), source: p.source,
    ...buildSeries(p.values, { x: settings.x, points: settings.points, smoothing: settings.smoothing, epochX }),
  }));

  const versions = loadVersions(store, [...new Set(steps.map((s) => s.harnessVersionId).filter((v): v is string => v !== null))]);
  const xOf = (step: number): number | null =>
    settings.x === "step" ? step : settings.x === "time" ? timeAt(stepColumns, step) : epochX?.get(step) ?? null;
  const markers: CurveMarker[] = [...harnessMarkers(steps, versions), ...epochMarkers(stepColumns.step, stepColumns.epoch)]
    .map((m) => ({ ...m, run: run.id, x: xOf(m.step) }));

  const summary: CurveRun = { ...run, metricKeys, trainRollouts };
  return { summary, series, markers };
}

/** The curves of the runs asked for, in their order; the first unknown run id fails the whole request. */
export function getCurves(store: Store, settings: CurveSettings): CurvesResult {
  const runs: RunRow[] = [];
  for (const id of settings.runs) {
    const run = getRun(store, id);
    if (!run) return { ok: false, unknownRun: id };
    runs.push(run);
  }
  const data: CurvesResponse = { x: settings.x, points: settings.points, smoothing: settings.smoothing, runs: [], series: [], markers: [] };
  for (const run of runs) {
    const one = runCurves(store, run, settings);
    data.runs.push(one.summary);
    data.series.push(...one.series);
    data.markers.push(...one.markers);
  }
  return { ok: true, data };
}

export interface CurveRunOption {
  id: string;
  name: string | null;
  kind: string;
  experimentId: string;
  experimentName: string;
  method: string;
}

/**
 * Runs worth drawing curves of: training and engineer runs, and any run a trainer reported metrics for,
 * newest experiment first; `experimentId` narrows to one experiment.
 */
export function listCurveRuns(store: Store, experimentId?: string): CurveRunOption[] {
  return store.sqlite
    .prepare(
      `SELECT ru.id, ru.name, ru.kind, ru.experiment_id AS experimentId, e.name AS experimentName, e.method
         FROM runs ru JOIN experiments e ON e.id = ru.experiment_id
        WHERE (@experiment IS NULL OR ru.experiment_id = @experiment)
          AND (ru.kind IN ('train', 'engineer') OR EXISTS (SELECT 1 FROM metric_points m WHERE m.run_id = ru.id))
        ORDER BY e.created_at DESC, e.id, ru.created_at, ru.id
        LIMIT 500`,
    )
    .all({ experiment: experimentId ?? null }) as CurveRunOption[];
}
