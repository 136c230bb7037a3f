// What the pass@1 curves of a run or an experiment are built from (GET /api/v1/curves?pass1=…): the matrix's
// own evaluation cells (getEvalMatrixSource, so the points are the matrix cells), the checkpoints with step,
// epoch and time, the harness versions, and — for benchmarks with no per-task results — the trainer's pass@1
// metrics (lib/curves/pass-at-1-metric-keys.ts), and the scope's train rollouts per step and harness version
// for the markers where the harness changed, from the per-step counts kept on write (train-step-rates.ts), so
// a page with these curves does not read every train rollout of the experiment (≈ 37 ms for a run of 36,000).
// A run's scope is the checkpoints it produced. The series themselves are built in lib/curves/pass-at-1-series.ts.
import "server-only";
import type { Store } from "../client";
import { listMetricKeys, loadVersions } from "./curves";
import { getEvalMatrixSource } from "./eval-matrix";
import { passAt1MetricKeys } from "../../lib/curves/pass-at-1-metric-keys";
import { buildPass1Curves } from "../../lib/curves/pass-at-1-series";
import { loadTrainStepVersions } from "./train-step-rates";
import type { Pass1Checkpoint, Pass1Curves, Pass1Input, Pass1MetricColumns, Pass1Scope } from "../../lib/curves/pass-at-1-types";
import type { XAxis } from "../../lib/curves/x-axis";

export type Pass1Result = { ok: true; data: Pass1Curves[] } | { ok: false; unknown: Pass1Scope };

/** The experiment a scope belongs to; null when the run or experiment does not exist. */
export function scopeExperiment(store: Store, scope: Pass1Scope): string | null {
  const sql = scope.kind === "run" ? "SELECT experiment_id FROM runs WHERE id = ?" : "SELECT id FROM experiments WHERE id = ?";
  return (store.sqlite.prepare(sql).pluck().get(scope.id) as string | null | undefined) ?? null;
}

function loadPass1Metrics(store: Store, runId: string): Pass1MetricColumns[] {
  const keys = passAt1MetricKeys(listMetricKeys(store, runId));
  const get = store.sqlite.prepare(
    `SELECT json_group_array(step), json_group_array(epoch), json_group_array(time), json_group_array(value)
       FROM (SELECT step, epoch, time, value FROM metric_points WHERE run_id = ? AND key = ? ORDER BY step)`,
  ).raw();
  return keys.map(({ key, benchmark }) => {
    const [step, epoch, time, value] = (get.get(runId, key) as string[]).map((t) => JSON.parse(t));
    return { run: runId, key, benchmark, step, epoch, time, value };
  });
}

export function getPass1Input(store: Store, scope: Pass1Scope, experimentId: string): Pass1Input {
  const source = getEvalMatrixSource(store, [experimentId]);
  const rows = store.sqlite.prepare(
    `SELECT id, run_id AS runId, step, epoch, created_at AS time, rowid AS "order" FROM checkpoints WHERE experiment_id = ? ORDER BY rowid`,
  ).all(experimentId) as Array<Pass1Checkpoint & { runId: string | null }>;
  const checkpoints = scope.kind === "run" ? rows.filter((c) => c.runId === scope.id) : rows;
  const inScope = new Set(checkpoints.map((c) => c.id));
  const runIds = scope.kind === "run"
    ? [scope.id]
    : (store.sqlite.prepare("SELECT id FROM runs WHERE experiment_id = ? ORDER BY rowid").pluck().all(experimentId) as string[]);
  const trainSteps = runIds.flatMap((id) => loadTrainStepVersions(store, id));
  const markerVersions = [...loadVersions(store, [...new Set(trainSteps.map((r) => r.harnessVersionId).filter((v): v is string => v !== null))]).values()];
  return {
    scope,
    experimentId,
    checkpoints: checkpoints.map(({ id, step, epoch, time, order }) => ({ id, step, epoch, time, order })),
    harnessVersions: source.harnessVersions.map(({ id, label, order, filesKey }) => ({ id, label, order, filesKey })),
    cells: scope.kind === "run" ? source.cells.filter((c) => c.checkpointId !== null && inScope.has(c.checkpointId)) : source.cells,
    metrics: runIds.flatMap((id) => loadPass1Metrics(store, id)),
    trainSteps,
    markerVersions,
  };
}

/** The pass@1 curves of each scope, in the order asked; the first unknown run or experiment fails the request. */
export function getPass1Curves(store: Store, scopes: readonly Pass1Scope[], x: XAxis): Pass1Result {
  const experiments: string[] = [];
  for (const scope of scopes) {
    const experimentId = scopeExperiment(store, scope);
    if (experimentId === null) return { ok: false, unknown: scope };
    experiments.push(experimentId);
  }
  return { ok: true, data: scopes.map((scope, i) => buildPass1Curves(getPass1Input(store, scope, experiments[i]), x)) };
}
