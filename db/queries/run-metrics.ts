// Metric series of one run, by key, for the read API and (later) the curves.
import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Store } from "../client";
import { metricPoints, runs } from "../schema";

export function getRunMetrics(store: Store, runId: string, keys: string[] | null) {
  const run = store.db.select({ id: runs.id, experimentId: runs.experimentId }).from(runs).where(eq(runs.id, runId)).get();
  if (!run) return null;
  const rows = store.db
    .select({ key: metricPoints.key, step: metricPoints.step, epoch: metricPoints.epoch, value: metricPoints.value, time: metricPoints.time })
    .from(metricPoints)
    .where(and(eq(metricPoints.runId, runId), keys ? inArray(metricPoints.key, keys) : undefined))
    .orderBy(asc(metricPoints.key), asc(metricPoints.step))
    .all();
  const series: Record<string, { step: number; epoch: number | null; value: number | null; time: number | null }[]> = {};
  for (const { key, ...point } of rows) (series[key] ??= []).push(point);
  const allKeys = store.db.selectDistinct({ key: metricPoints.key }).from(metricPoints).where(eq(metricPoints.runId, runId)).all().map((r) => r.key);
  return { run, keys: allKeys.sort(), series };
}
