// Where the incumbent harness changed, for the pass@1 curves: a jump between two checkpoints may be the
// harness the policy was trained under, not the policy. The same rule as the training curves' markers
// (lib/curves/markers.ts harnessMarkers): a step's harness version is the one most of its train rollouts ran
// under (ties: the smaller id), and a marker sits where its files change within the run. Placed on the chosen x axis: the step, the
// step's epoch (checkpoints sit at their epoch on that axis too) or its time. Pure.
import { harnessMarkers, type HarnessMarker, type VersionInfo } from "./markers";
import type { XAxis } from "./x-axis";

/** One (step, harness version) group of a run's train rollouts, as the query counts them. */
export interface TrainStepVersionRow {
  run: string;
  step: number;
  harnessVersionId: string | null;
  rollouts: number;
  epoch: number | null;
  time: number | null;
}

export type Pass1Marker = HarnessMarker & { run: string; x: number | null };

interface StepOfRun {
  step: number;
  harnessVersionId: string | null;
  epoch: number | null;
  time: number | null;
}

/** Per run, its steps in step order with the version most of each step's rollouts ran under. */
export function stepsByRun(rows: readonly TrainStepVersionRow[]): Map<string, StepOfRun[]> {
  const runs = new Map<string, Map<number, StepOfRun & { most: number }>>();
  for (const r of rows) {
    const steps = runs.get(r.run) ?? new Map();
    runs.set(r.run, steps);
    const s = steps.get(r.step) ?? { step: r.step, harnessVersionId: null, epoch: null, time: null, most: 0 };
    steps.set(r.step, s);
    if (r.epoch !== null && (s.epoch === null || r.epoch < s.epoch)) s.epoch = r.epoch;
    if (r.time !== null && (s.time === null || r.time > s.time)) s.time = r.time;
    if (r.harnessVersionId !== null && (r.rollouts > s.most || (r.rollouts === s.most && s.harnessVersionId !== null && r.harnessVersionId < s.harnessVersionId))) {
      s.most = r.rollouts;
      s.harnessVersionId = r.harnessVersionId;
    }
  }
  return new Map([...runs].map(([run, steps]) => [run, [...steps.values()].sort((a, b) => a.step - b.step).map(({ most: _, ...s }) => s)]));
}

/** The harness markers of every run, in run order then step order, each with its x (null: no x on this axis). */
export function pass1Markers(rows: readonly TrainStepVersionRow[], versions: readonly VersionInfo[], x: XAxis): Pass1Marker[] {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const out: Pass1Marker[] = [];
  for (const [run, steps] of stepsByRun(rows)) {
    const at = new Map(steps.map((s) => [s.step, s]));
    for (const m of harnessMarkers(steps, byId)) {
      const s = at.get(m.step);
      const value = x === "step" ? m.step : x === "epoch" ? s?.epoch ?? null : s?.time ?? null;
      out.push({ ...m, run, x: value });
    }
  }
  return out;
}
