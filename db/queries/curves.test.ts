// The curves query against a store: training rates per step from stored rollouts, the trainer's report when
// there are none, any metric key, the harness and epoch markers, the three x axes and server-side reduction.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getCurves, listCurveRuns, listMetricKeys } from "./curves";
import { parseCurveSettings, type CurveSettings } from "../../lib/curves/curve-settings";

const EXP = "exp:curves/1";
const TRAIN = "run:train a";
const TRAINER_ONLY = "run:trainer-only";
const T0 = Date.UTC(2026, 0, 1);

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  seed();
});
afterEach(() => store.sqlite.close());

const files = (extra: string) => [{ path: "tools/run.sh", kind: "tool", content: `echo ${extra}` }];

/** Steps 0–3 of TRAIN: epochs 1, 1, 2, 2; H1 for steps 0–1, H2 for 2–3; two groups of two per step. */
function seed() {
  const outcomes: Record<number, string> = { 0: "SF FF", 1: "SS SF", 2: "SF SF", 3: "SS SS" };
  const rollouts = Object.entries(outcomes).flatMap(([stepText, codes]) => {
    const step = Number(stepText);
    return codes.split(" ").flatMap((group, g) => [...group].map((code, k) => ({
      type: "rollout", id: `r${step}-${g}-${k}`, experiment: EXP, run: TRAIN, task: `t${g}`, harness_version: step < 2 ? "h1" : "h2",
      purpose: "train", epoch: step < 2 ? 1 : 2, step, group: `g${g}`, sample_index: k, success: code === "S", reward: code === "S" ? 1 : 0,
      truncated: false, exit_status: "submitted", turns: [], started_at: T0 + step * 60_000 + k,
    })));
  });
  const outcome = applyEvents(store, [
    { type: "experiment", id: EXP, name: "Curves", method: "harnessadapt-rl" },
    { type: "run", id: TRAIN, experiment: EXP, kind: "train", status: "finished", name: "policy" },
    { type: "run", id: TRAINER_ONLY, experiment: EXP, kind: "train", status: "finished" },
    { type: "run", id: "run:eval", experiment: EXP, kind: "eval", status: "finished" },
    { type: "harness_version", id: "h0", experiment: EXP, label: "H0", files: files("0") },
    { type: "harness_version", id: "h1", experiment: EXP, label: "H1", parent: "h0", origin: "proposal", origin_proposal: "p1", files: files("1") },
    { type: "harness_version", id: "h2", experiment: EXP, label: "H2", parent: "h1", origin: "manual", description: "same files", files: files("2") },
    { type: "task", id: "t0", key: "k0", benchmark: "b" },
    { type: "task", id: "t1", key: "k1", benchmark: "b" },
    ...rollouts,
    ...[0, 1, 2, 3].map((step) => ({
      type: "metrics", run: TRAINER_ONLY, step, epoch: step < 2 ? 1 : 2, time: T0 + step * 1000,
      values: { "train/trainable_rate": step / 10, "batch/solve_all": 0.25, "batch/solve_none": step / 8, "critic/score/mean": step === 2 ? null : 0.5 },
    })),
  ]);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

const settings = (over: Partial<CurveSettings>): CurveSettings => ({
  ...parseCurveSettings({}, { runs: [TRAIN], keys: ["train:trainable_rate"] }).settings,
  smoothing: 0,
  ...over,
});

function curves(over: Partial<CurveSettings>) {
  const result = getCurves(store, settings(over));
  if (!result.ok) throw new Error(`unknown run ${result.unknownRun}`);
  return result.data;
}

describe("getCurves", () => {
  it("computes the training rates per step from the stored train rollouts and says so", () => {
    const data = curves({ keys: ["train:trainable_rate", "train:pass_rate", "train:mixed_group_ratio"] });
    const [trainable, pass, mixed] = data.series;
    expect(trainable.source).toEqual({ kind: "rollouts", rollouts: 16 });
    // step 0: SF mixed (2) + FF → 2/4; step 1: SS + SF (2) → 2/4; step 2: both mixed → 4/4; step 3: none → 0.
    expect(trainable.y).toEqual([0.5, 0.5, 1, 0]);
    expect(trainable.x).toEqual([0, 1, 2, 3]);
    expect(pass.y).toEqual([0.25, 0.75, 0.5, 1]);
    expect(mixed.y).toEqual([0.5, 0.5, 1, 0]);
    expect(trainable.label).toBe("Trainable rate");
    expect(data.runs[0]).toMatchObject({ id: TRAIN, name: "policy", experimentName: "Curves", trainRollouts: 16, metricKeys: [] });
  });

  it("marks H1 → H2 where the run's files changed and the epoch boundary, not the run's first step", () => {
    const { markers } = curves({});
    expect(markers).toEqual([
      expect.objectContaining({ kind: "harness", run: TRAIN, step: 2, x: 2, fromLabel: "H1", toLabel: "H2", fromName: "H1", toName: "H2", fromVersionId: "h1", toVersionId: "h2", proposalId: null, origin: "manual", description: "same files" }),
      { kind: "epoch", run: TRAIN, step: 2, epoch: 2, x: 2 },
    ]);
  });

  it("marks no change between versions with the same files, nor at a relaunched run's first step", () => {
    const rollout = (run: string, step: number, version: string) => ({
      type: "rollout", id: `${run}-${step}`, experiment: EXP, run, task: "t0", harness_version: version, purpose: "train", epoch: 1, step,
      group: "g", sample_index: 0, success: true, reward: 1, truncated: false, exit_status: "submitted", turns: [],
    });
    const outcome = applyEvents(store, [
      // H1b: recorded by hand with H1's files. H3 with H2's files is what a relaunched job trains on throughout.
      { type: "harness_version", id: "h1b", experiment: EXP, label: "H1b", parent: "h1", origin: "manual", files: files("1") },
      { type: "run", id: "run:same", experiment: EXP, kind: "train", status: "finished" },
      { type: "run", id: "run:again", experiment: EXP, kind: "train", status: "finished" },
      rollout("run:same", 0, "h1"), rollout("run:same", 1, "h1b"), rollout("run:same", 2, "h2"),
      rollout("run:again", 2, "h2"), rollout("run:again", 3, "h2"),
    ]);
    expect(outcome).toMatchObject({ ok: true });
    const same = curves({ runs: ["run:same"] }).markers.filter((m) => m.kind === "harness");
    expect(same).toEqual([expect.objectContaining({ step: 2, fromLabel: "H1b", fromName: "H1b (same files as H1)", toLabel: "H2" })]);
    expect(curves({ runs: ["run:again"] }).markers.filter((m) => m.kind === "harness")).toEqual([]);
  });

  it("places points and markers on the epoch and wall-time axes", () => {
    const byEpoch = curves({ x: "epoch" });
    expect(byEpoch.series[0].x).toEqual([1, 1.5, 2, 2.5]);
    expect(byEpoch.markers.map((m) => m.x)).toEqual([2, 2]);
    const byTime = curves({ x: "time" });
    // A step's time is its latest rollout's start.
    expect(byTime.series[0].x).toEqual([0, 1, 2, 3].map((s) => T0 + s * 60_000 + 1));
    expect(byTime.markers[0].x).toBe(T0 + 2 * 60_000 + 1);
  });

  it("falls back to the trainer's report when no train rollouts are stored, and says which key", () => {
    const data = curves({ runs: [TRAINER_ONLY], keys: ["train:trainable_rate", "train:mixed_group_ratio", "train:pass_rate", "train:mean_reward"] });
    const [trainable, mixed, pass, reward] = data.series;
    expect(trainable.source).toEqual({ kind: "trainer", key: "train/trainable_rate" });
    expect(trainable.y).toEqual([0, 0.1, 0.2, 0.3]);
    expect(mixed.source).toEqual({ kind: "trainer", key: "1 − batch/solve_all − batch/solve_none" });
    expect(mixed.y).toEqual([0.75, 0.625, 0.5, 0.375]);
    expect(pass.source.kind).toBe("none");
    expect(pass.x).toEqual([]);
    expect(reward.source).toEqual({ kind: "trainer", key: "critic/score/mean" });
    expect(reward.y).toEqual([0.5, 0.5, null, 0.5]);
    // No rollouts: the epoch boundary comes from the metric points' epochs.
    expect(data.markers).toEqual([{ kind: "epoch", run: TRAINER_ONLY, step: 2, epoch: 2, x: 2 }]);
  });

  it("charts any metric key a trainer sent, and says when a run did not send it", () => {
    const data = curves({ runs: [TRAINER_ONLY, TRAIN], keys: ["critic/score/mean"], x: "time" });
    expect(data.series[0]).toMatchObject({ run: TRAINER_ONLY, source: { kind: "metric" }, x: [0, 1, 2, 3].map((s) => T0 + s * 1000) });
    expect(data.series[1]).toMatchObject({ run: TRAIN, source: { kind: "none", reason: "this run reported no such metric" }, x: [] });
  });

  it("reduces a long series on the server and says from how many points", () => {
    const insert = store.sqlite.prepare("INSERT INTO metric_points (run_id, key, step, epoch, value, time) VALUES (?, 'loss', ?, NULL, ?, ?)");
    store.sqlite.transaction(() => {
      for (let step = 0; step < 50_000; step++) insert.run(TRAINER_ONLY, step, step === 31_337 ? 100 : Math.sin(step / 100), T0 + step);
    })();
    const data = curves({ runs: [TRAINER_ONLY], keys: ["loss"], points: 1_000, smoothing: 0.9 });
    const [loss] = data.series;
    expect(loss.reduced).toBe(true);
    expect(loss.originalCount).toBe(50_000);
    expect(loss.x.length).toBeLessThanOrEqual(1_000);
    expect(loss.step).toContain(31_337);
    expect(Math.max(...(loss.y as number[]))).toBe(100);
    // Epochs unknown for this key: on the epoch axis its points are counted as left out, not drawn at 0.
    expect(curves({ runs: [TRAINER_ONLY], keys: ["loss"], x: "epoch" }).series[0]).toMatchObject({ withoutX: 50_000, originalCount: 0 });
  });

  it("names the first unknown run", () => {
    expect(getCurves(store, settings({ runs: [TRAIN, "nope"] }))).toEqual({ ok: false, unknownRun: "nope" });
  });
});

describe("listMetricKeys and listCurveRuns", () => {
  it("lists a run's keys in order and the runs worth a curve", () => {
    expect(listMetricKeys(store, TRAINER_ONLY)).toEqual(["batch/solve_all", "batch/solve_none", "critic/score/mean", "train/trainable_rate"]);
    expect(listMetricKeys(store, TRAIN)).toEqual([]);
    expect(listCurveRuns(store, EXP).map((r) => r.id).sort()).toEqual([TRAINER_ONLY, TRAIN].sort());
    expect(listCurveRuns(store, "other")).toEqual([]);
  });
});
