// A run a job produces ends with the job: reproduced from the outside review, where a cancelled job's run stayed
// "running" for good (experiments list "1 active", overview, cost page).
import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { finishJob, insertJob, markJobRunning, type FinalStatus } from "./jobs";

const EXP = "jer-exp";

function storeWithJob(jobId: string): Store {
  const store = openStore(":memory:");
  expect(applyEvents(store, [{ type: "experiment", id: EXP, name: "job end", method: "custom" }]).ok).toBe(true);
  insertJob(store, { id: jobId, experimentId: EXP, templateId: null, kind: "custom", params: {}, command: ["node"], executor: "local", logPath: null, createdBy: null, createdAt: 1 });
  markJobRunning(store, jobId, { externalId: "1", startedAt: 2 });
  return store;
}

const runStatus = (store: Store, id: string) =>
  store.sqlite.prepare("SELECT status, finished_at AS finishedAt FROM runs WHERE id = ?").get(id) as { status: string; finishedAt: number | null };

describe("a job's end ends its unfinished runs", () => {
  it.each<[FinalStatus, string]>([["cancelled", "cancelled"], ["failed", "failed"], ["lost", "failed"]])(
    "a %s job leaves its running run %s, with the job's end time, and says so in the audit log",
    (jobStatus, expected) => {
      const store = storeWithJob("j1");
      applyEvents(store, [
        { type: "run", id: "r-live", experiment: EXP, kind: "train", status: "running", job: "j1" },
        { type: "run", id: "r-done", experiment: EXP, kind: "eval", status: "finished", job: "j1", finished_at: 5 },
        { type: "run", id: "r-other", experiment: EXP, kind: "train", status: "running" },
      ]);
      expect(finishJob(store, "j1", { status: jobStatus, exitCode: null, reason: "test", finishedAt: 1000 })).toBe(true);
      expect(runStatus(store, "r-live")).toEqual({ status: expected, finishedAt: 1000 });
      // A run that said it was over keeps its word; a run of no job is not touched.
      expect(runStatus(store, "r-done")).toEqual({ status: "finished", finishedAt: 5 });
      expect(runStatus(store, "r-other").status).toBe("running");
      const detail = JSON.parse(store.sqlite.prepare("SELECT detail FROM audit_log WHERE action = 'job.end'").pluck().get() as string);
      expect(detail).toMatchObject({ status: jobStatus, runsEnded: 1 });
    },
  );

  it("a job that succeeded leaves its runs as their own events say", () => {
    const store = storeWithJob("j2");
    applyEvents(store, [{ type: "run", id: "r2", experiment: EXP, kind: "train", status: "running", job: "j2" }]);
    finishJob(store, "j2", { status: "succeeded", exitCode: 0, reason: null, finishedAt: 1000 });
    expect(runStatus(store, "r2").status).toBe("running");
  });

  it("a run event that arrives after its job was cancelled (an offline log synced later) does not make it live again", () => {
    const store = storeWithJob("j3");
    finishJob(store, "j3", { status: "cancelled", exitCode: null, reason: "test", finishedAt: 1000 });
    expect(applyEvents(store, [{ type: "run", id: "r3", experiment: EXP, kind: "train", status: "running", job: "j3" }]).ok).toBe(true);
    expect(runStatus(store, "r3")).toEqual({ status: "cancelled", finishedAt: 1000 });
    // Re-sending the same event changes nothing.
    expect(applyEvents(store, [{ type: "run", id: "r3", experiment: EXP, kind: "train", status: "running", job: "j3" }])).toMatchObject({ ok: true, unchanged: { run: 1 } });
  });
});
