import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { finishJob, insertJob, markJobRunning } from "../mutations/jobs";
import { getJob, listActiveJobs, listJobs, recordInExperiment } from "./jobs";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  applyEvents(store, [
    { type: "experiment", id: "e1", name: "One", method: "custom" },
    { type: "experiment", id: "e2", name: "Two", method: "custom" },
    { type: "harness_version", id: "h", experiment: "e1", label: "H0", files: [] },
  ]);
  const job = (id: string, experimentId: string, executor: "local" | "slurm", createdAt: number, kind: "custom" | "evaluate" = "custom") =>
    insertJob(store, { id, experimentId, templateId: null, kind, params: { a: "1" }, command: ["x"], executor, logPath: null, createdBy: null, createdAt });
  job("j1", "e1", "local", 1_000);
  job("j2", "e1", "slurm", 2_000, "evaluate");
  job("j3", "e2", "local", 3_000);
  markJobRunning(store, "j1", { externalId: "1:1", startedAt: 1_500 });
  finishJob(store, "j1", { status: "succeeded", exitCode: 0, reason: null, finishedAt: 4_000 });
  markJobRunning(store, "j2", { externalId: "7", startedAt: 2_500 });
  applyEvents(store, [{ type: "run", id: "r", experiment: "e1", kind: "train", status: "finished", job: "j1" }]);
});
afterEach(() => store.sqlite.close());

describe("job queries", () => {
  it("getJob: the record, its duration (running jobs count up to now) and the runs it produced", () => {
    expect(getJob(store, "j1", 9_999)).toMatchObject({ status: "succeeded", experimentName: "One", durationMs: 2_500, runs: [{ id: "r", kind: "train", status: "finished" }], params: { a: "1" } });
    expect(getJob(store, "j2", 3_000)).toMatchObject({ status: "running", durationMs: 500, runs: [] });
    expect(getJob(store, "j3")).toMatchObject({ status: "queued", durationMs: null });
    expect(getJob(store, "nope")).toBeNull();
  });

  it("listJobs: newest first, filtered by status, experiment, executor, kind; paged by time", () => {
    const ids = (filter: Parameters<typeof listJobs>[1]) => listJobs(store, filter).map((j) => j.id);
    expect(ids({})).toEqual(["j3", "j2", "j1"]);
    expect(ids({ status: "running" })).toEqual(["j2"]);
    expect(ids({ status: ["queued", "succeeded"] })).toEqual(["j3", "j1"]);
    expect(ids({ experimentId: "e1" })).toEqual(["j2", "j1"]);
    expect(ids({ executor: "local" })).toEqual(["j3", "j1"]);
    expect(ids({ kind: "evaluate" })).toEqual(["j2"]);
    expect(ids({ before: 3_000, limit: 1 })).toEqual(["j2"]);
    expect(listActiveJobs(store).map((j) => j.id)).toEqual(["j2", "j3"]);
  });

  it("recordInExperiment: an id counts only in its own experiment", () => {
    expect(recordInExperiment(store, "harness_version", "h", "e1")).toBe(true);
    expect(recordInExperiment(store, "harness_version", "h", "e2")).toBe(false);
    expect(recordInExperiment(store, "checkpoint", "h", "e1")).toBe(false);
  });

  it("a job ends once: a second finish (a cancel racing an exit) changes nothing", () => {
    expect(finishJob(store, "j2", { status: "cancelled", exitCode: null, reason: "by x", finishedAt: 5_000 })).toBe(true);
    expect(finishJob(store, "j2", { status: "succeeded", exitCode: 0, reason: null, finishedAt: 6_000 })).toBe(false);
    expect(getJob(store, "j2")).toMatchObject({ status: "cancelled", finishedAt: 5_000 });
    expect(markJobRunning(store, "j2", { externalId: "8", startedAt: 7_000 })).toBe(false);
  });
});
