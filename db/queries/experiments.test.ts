import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import {
  experiments, runs, tasks, rollouts, harnessVersions, harnessFiles, blobs, checkpoints, metricPoints,
  proposals, skills, evalRuns, failurePackets,
} from "../schema";
import {
  deriveExperimentStatus, getExperimentOverview, listExperiments, listHarnessVersions,
  listProposals,
} from "./experiments";

const T0 = Date.UTC(2026, 0, 1);
const H = "h";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

function addExperiment(id: string, at = T0, method: "grpo" | "harnessadapt-rl" = "harnessadapt-rl") {
  store.db.insert(experiments).values({ id, name: `Experiment ${id}`, method, createdAt: at, updatedAt: at }).run();
}

function addRun(
  id: string, experimentId: string,
  opts: { status?: "pending" | "running" | "finished" | "failed" | "cancelled"; startedAt?: number; at?: number; kind?: "train" | "eval" } = {},
) {
  const at = opts.at ?? T0;
  store.db.insert(runs).values({
    id, experimentId, kind: opts.kind ?? "train", status: opts.status ?? "finished",
    startedAt: opts.startedAt ?? null, createdAt: at, updatedAt: at,
  }).run();
}

function addTask(id: string) {
  store.db.insert(tasks).values({ id, key: `repo__${id}`, benchmark: "swe-bench-verified", contentHash: H, createdAt: T0 }).run();
}

let rolloutSeq = 0;
function addRollout(
  experimentId: string, runId: string, taskId: string,
  opts: {
    purpose?: "train" | "preparation" | "comparison" | "eval" | "rerun"; step?: number | null; group?: string | null;
    success?: boolean; reward?: number | null; truncated?: boolean; at?: number;
  } = {},
) {
  const success = opts.success ?? false;
  rolloutSeq += 1;
  store.db.insert(rollouts).values({
    id: `r${rolloutSeq}`, experimentId, runId, taskId, purpose: opts.purpose ?? "train",
    step: opts.step === undefined ? 0 : opts.step, groupId: opts.group === undefined ? taskId : opts.group,
    success, reward: opts.reward === undefined ? (success ? 1 : 0) : opts.reward,
    truncated: opts.truncated ?? false, numTurns: 3, sourceFormat: "harness-lab", contentHash: H,
    createdAt: opts.at ?? T0 + rolloutSeq,
  }).run();
}

describe("deriveExperimentStatus", () => {
  it("follows the runs", () => {
    expect(deriveExperimentStatus({ runs: 0, activeRuns: 0, latestRunStatus: null })).toBe("idle");
    expect(deriveExperimentStatus({ runs: 2, activeRuns: 1, latestRunStatus: "failed" })).toBe("running");
    expect(deriveExperimentStatus({ runs: 2, activeRuns: 0, latestRunStatus: "failed" })).toBe("failed");
    expect(deriveExperimentStatus({ runs: 2, activeRuns: 0, latestRunStatus: "cancelled" })).toBe("finished");
    expect(deriveExperimentStatus({ runs: 1, activeRuns: 0, latestRunStatus: "finished" })).toBe("finished");
  });
});

describe("listExperiments", () => {
  it("returns an empty list for an empty store", () => {
    expect(listExperiments(store)).toEqual([]);
  });

  it("aggregates runs, rollouts, status and latest activity per experiment", () => {
    addExperiment("idle", T0);
    addExperiment("live", T0);
    addExperiment("broken", T0);
    addExperiment("done", T0);
    addTask("t1");
    addRun("live-1", "live", { status: "finished", startedAt: T0 + 10 });
    addRun("live-2", "live", { status: "running", startedAt: T0 + 5 });
    addRun("broken-1", "broken", { status: "finished", startedAt: T0 + 1 });
    addRun("broken-2", "broken", { status: "failed", startedAt: T0 + 2 });
    addRun("done-1", "done", { status: "failed", startedAt: T0 + 1 });
    addRun("done-2", "done", { status: "finished", startedAt: T0 + 2 });
    addRollout("live", "live-1", "t1", { at: T0 + 50_000 });
    addRollout("live", "live-1", "t1", { at: T0 + 60_000 });
    addRollout("live", "live-2", "t1", { at: T0 + 70_000 });
    store.db.insert(metricPoints).values([
      { runId: "done-1", key: "pass_rate", step: 0, value: 0.4, time: T0 + 80_000 },
      { runId: "done-1", key: "pass_rate", step: 1, value: 0.5, time: T0 + 90_000 },
    ]).run();

    const list = listExperiments(store, { now: T0 + 600_000 });
    const byId = Object.fromEntries(list.map((e) => [e.id, e]));
    expect(byId.idle).toEqual({
      id: "idle", name: "Experiment idle", method: "harnessadapt-rl", runs: 0, rollouts: 0, latestActivity: T0, status: "idle", staleRuns: 0,
    });
    expect(byId.live).toMatchObject({ runs: 2, rollouts: 3, status: "running", latestActivity: T0 + 70_000 });
    expect(byId.broken).toMatchObject({ runs: 2, rollouts: 0, status: "failed" });
    expect(byId.done).toMatchObject({ runs: 2, status: "finished", latestActivity: T0 + 90_000 });
    // Most recently active first.
    expect(list.map((e) => e.id).slice(0, 2)).toEqual(["done", "live"]);
  });

  it("shows a running run that went silent without a job as stale, not active, in the list and the overview", () => {
    addExperiment("quiet");
    addRun("quiet-1", "quiet", { status: "running", startedAt: T0, at: T0 });
    addTask("t9");
    addRollout("quiet", "quiet-1", "t9", { at: T0 + 60_000 });
    const threeHoursLater = T0 + 60_000 + 3 * 3_600_000 + 1;
    expect(listExperiments(store, { now: threeHoursLater })[0]).toMatchObject({ id: "quiet", status: "stale", staleRuns: 1 });
    const o = getExperimentOverview(store, "quiet", { now: threeHoursLater })!;
    expect(o.status).toBe("stale");
    expect(o.runs[0].stale).toEqual({ silentForMs: 3 * 3_600_000 + 1, text: "running · no heartbeat for 3 h" });
    // Ten minutes after its last rollout it is still running.
    expect(listExperiments(store, { now: T0 + 11 * 60_000 })[0]).toMatchObject({ status: "running", staleRuns: 0 });
  });

  it("counts a proposal as activity", () => {
    addExperiment("e");
    addHarness("e", "e-H0", "H0");
    addHarness("e", "e-H1", "H1", "e-H0");
    store.db.insert(proposals).values({
      id: "p1", experimentId: "e", kind: "tool_hook", title: "Run related tests", baseHarnessVersionId: "e-H0",
      candidateHarnessVersionId: "e-H1", status: "pending", contentHash: H, createdAt: T0 + 500_000,
    }).run();
    expect(listExperiments(store)[0].latestActivity).toBe(T0 + 500_000);
  });
});

function addHarness(experimentId: string, id: string, label: string, parentId: string | null = null) {
  store.db.insert(harnessVersions).values({
    id, experimentId, label, parentId, origin: parentId ? "proposal" : "initial", contentHash: H, createdAt: T0 + label.length,
  }).run();
}

function addFile(harnessVersionId: string, path: string, kind: "tool" | "hook" | "skill", position: "pre_action" | "post_feedback" | null = null) {
  store.db.insert(blobs).values({ hash: `b-${path}`, size: 1, content: "x" }).onConflictDoNothing().run();
  store.db.insert(harnessFiles).values({ harnessVersionId, path, blobHash: `b-${path}`, kind, hookPosition: position }).run();
}

describe("getExperimentOverview", () => {
  it("returns null for an unknown id", () => {
    expect(getExperimentOverview(store, "nope")).toBeNull();
  });

  it("returns zeros for every purpose and status of an empty experiment", () => {
    addExperiment("e");
    const o = getExperimentOverview(store, "e", { now: T0 + 600_000 })!;
    expect(o.status).toBe("idle");
    expect(o.rolloutsByPurpose).toEqual({ train: 0, preparation: 0, comparison: 0, eval: 0, rerun: 0 });
    expect(o.proposalsByStatus).toEqual({ pending: 0, accepted: 0, rejected: 0, superseded: 0 });
    expect(o.trainingRates.rollouts).toBe(0);
    expect(o.trainingRates.trainableRate).toBeNull();
    expect(o.runs).toEqual([]);
    expect(o.harnessVersions).toEqual([]);
  });

  it("assembles runs, harness versions, counts and training rates", () => {
    addExperiment("e");
    addExperiment("other");
    for (const t of ["t1", "t2", "t3", "t4"]) addTask(t);
    addRun("run-a", "e", { status: "finished", startedAt: T0 + 1 });
    addRun("run-b", "e", { status: "running", startedAt: T0 + 2 });
    addRun("run-x", "other", { status: "finished" });

    // Step 0 of run-a: group t1 mixed (2 trainable), group t2 all succeed (0 trainable).
    addRollout("e", "run-a", "t1", { step: 0, success: true });
    addRollout("e", "run-a", "t1", { step: 0, success: false });
    addRollout("e", "run-a", "t2", { step: 0, success: true });
    addRollout("e", "run-a", "t2", { step: 0, success: true });
    // Same group id in step 1 is a different group: success + truncated failure -> uniform after dropping.
    addRollout("e", "run-a", "t1", { step: 1, success: true });
    addRollout("e", "run-a", "t1", { step: 1, success: false, truncated: true });
    // Same group id in another run is yet another group: mixed only across runs, so not mixed itself.
    addRollout("e", "run-b", "t2", { step: 0, success: false });
    // Ungrouped train rollout: its own group.
    addRollout("e", "run-b", "t3", { step: null, group: null, success: true });
    // Non-train rollouts do not enter the training rates.
    addRollout("e", "run-b", "t3", { purpose: "comparison", success: false });
    addRollout("e", "run-b", "t3", { purpose: "comparison", success: true });
    addRollout("e", "run-b", "t3", { purpose: "eval", success: true });
    // Another experiment's rollouts are never counted, nor a task only it touched (t4).
    addRollout("other", "run-x", "t1", { success: false });
    addRollout("other", "run-x", "t4", { success: false });

    addHarness("e", "e-H0", "H0");
    addHarness("e", "e-H1", "H1x", "e-H0");
    addFile("e-H0", "tools/edit.py", "tool");
    addFile("e-H1", "tools/edit.py", "tool");
    addFile("e-H1", "hooks/verify.py", "hook", "pre_action");
    addFile("e-H1", "hooks/report.py", "hook", "post_feedback");
    addFile("e-H1", "hooks/stall.py", "hook", "post_feedback");

    store.db.insert(checkpoints).values([
      { id: "c1", experimentId: "e", role: "policy", step: 0, contentHash: H, createdAt: T0 },
      { id: "c2", experimentId: "e", role: "policy", step: 45, contentHash: H, createdAt: T0 },
    ]).run();
    store.db.insert(proposals).values([
      { id: "p1", experimentId: "e", kind: "tool_hook", title: "Related tests", baseHarnessVersionId: "e-H0", candidateHarnessVersionId: "e-H1", status: "accepted", contentHash: H, createdAt: T0 },
      { id: "p2", experimentId: "e", kind: "tool_hook", title: "Review hook", baseHarnessVersionId: "e-H0", candidateHarnessVersionId: "e-H1", status: "rejected", contentHash: H, createdAt: T0 },
      { id: "p3", experimentId: "e", kind: "tool_hook", title: "Review + view_diff", baseHarnessVersionId: "e-H0", candidateHarnessVersionId: "e-H1", parentProposalId: "p2", status: "rejected", contentHash: H, createdAt: T0 },
    ]).run();
    store.db.insert(skills).values({ id: "s1", experimentId: "e", kind: "mechanism", text: "When…", contentHash: H, createdAt: T0 }).run();
    store.db.insert(evalRuns).values({ id: "ev1", experimentId: "e", benchmark: "swe-bench-verified", repeatIndex: 0, contentHash: H, createdAt: T0 }).run();
    store.db.insert(failurePackets).values({ id: "fp1", experimentId: "e", contentHash: H, createdAt: T0 }).run();

    const o = getExperimentOverview(store, "e", { now: T0 + 600_000 })!;
    expect(o.experiment).toMatchObject({ id: "e", name: "Experiment e", method: "harnessadapt-rl" });
    expect(o.status).toBe("running");
    expect(o.runs.map((r) => [r.id, r.rollouts])).toEqual([["run-b", 5], ["run-a", 6]]);
    expect(o.rollouts).toBe(11);
    expect(o.rolloutsByPurpose).toEqual({ train: 8, preparation: 0, comparison: 2, eval: 1, rerun: 0 });
    expect(o.tasksTouched).toBe(3);
    expect(o.checkpoints).toBe(2);
    expect(o.proposalsByStatus).toEqual({ pending: 0, accepted: 1, rejected: 2, superseded: 0 });
    expect(o.proposals).toBe(3);
    expect(o.skills).toBe(1);
    expect(o.evalRuns).toBe(1);
    expect(o.failurePackets).toBe(1);

    // Groups: (a,0,t1) mixed, (a,0,t2) uniform, (a,1,t1) uniform after truncation, (b,0,t2) single, ungrouped t3.
    expect(o.trainingRates).toEqual({
      rollouts: 8,
      successes: 5,
      passRate: 5 / 8,
      trainableRate: 2 / 8,
      trainableRollouts: 2,
      groups: 5,
      mixedGroups: 1,
      mixedGroupRatio: 1 / 5,
      truncationRate: 1 / 8,
      meanReward: 5 / 8,
    });

    expect(o.harnessVersions).toEqual([
      expect.objectContaining({
        id: "e-H0", label: "H0", parentId: null, parentLabel: null, origin: "initial", files: 1,
        hooksByPosition: { episode_init: 0, pre_decision: 0, pre_action: 0, post_feedback: 0 },
      }),
      expect.objectContaining({
        id: "e-H1", label: "H1x", parentId: "e-H0", parentLabel: "H0", origin: "proposal", files: 4,
        hooksByPosition: { episode_init: 0, pre_decision: 0, pre_action: 1, post_feedback: 2 },
      }),
    ]);
  });
});

describe("listHarnessVersions", () => {
  it("lists all experiments' versions unless filtered", () => {
    addExperiment("a");
    addExperiment("b");
    addHarness("a", "a-H0", "H0");
    addHarness("b", "b-H0", "H0");
    expect(listHarnessVersions(store).map((v) => v.id)).toEqual(["a-H0", "b-H0"]);
    expect(listHarnessVersions(store, { experimentId: "b" }).map((v) => v.id)).toEqual(["b-H0"]);
  });
});

describe("list pages", () => {
  beforeEach(() => {
    addExperiment("a");
    addExperiment("b");
    addTask("t1");
    addRun("ra", "a");
    addRun("rb", "b");
  });

  it("listProposals returns proposals with their experiment", () => {
    addHarness("a", "a-H0", "H0");
    addHarness("a", "a-H1", "H1", "a-H0");
    store.db.insert(proposals).values([
      { id: "p1", experimentId: "a", kind: "tool_hook", title: "Old", baseHarnessVersionId: "a-H0", candidateHarnessVersionId: "a-H1", status: "rejected", contentHash: H, createdAt: T0 },
      { id: "p2", experimentId: "a", kind: "engineer_patch", title: "New", baseHarnessVersionId: "a-H0", candidateHarnessVersionId: "a-H1", status: "pending", contentHash: H, createdAt: T0 + 1 },
    ]).run();
    const list = listProposals(store);
    expect(list.map((p) => p.title)).toEqual(["New", "Old"]);
    expect(list[0]).toMatchObject({ experimentName: "Experiment a", kind: "engineer_patch", status: "pending" });
    expect(listProposals(store, { experimentId: "b" })).toEqual([]);
  });
});
