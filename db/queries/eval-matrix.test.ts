// The matrix source from a real store: per-task sums over repeats come out of SQL right, summary-only runs are
// kept apart, labels and the incumbent's stand-ins are found, and one cell's attempts list their trajectories.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getEvalMatrixSource, listEvalCellTasks } from "./eval-matrix";
import { proposalEvents, proposalIds, ruleDecisionEvent } from "../../test/fixtures/proposals/proposal-events";

const P = "qm";
const ids = proposalIds(P);
const EXP = ids.experiment;
const OTHER = `${P}-other`;

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

/** Outcomes per task as "1"/"0", one string per repeat, e.g. ["110", "100"] = two repeats of three tasks. */
function evalEvents(id: string, experiment: string, checkpoint: string | undefined, harness: string, benchmark: string, repeats: string[], withRollouts = false) {
  const events: unknown[] = [];
  repeats.forEach((outcomes, repeat) => {
    const results = [...outcomes].map((o, t) => {
      const rollout = `${id}-r${repeat}-t${t}`;
      if (withRollouts) {
        events.push({ type: "rollout", id: rollout, experiment, run: `${P}-eval`, task: `${P}-${benchmark}-${t}`, harness_version: harness, checkpoint, purpose: "eval",
          success: o === "1", reward: o === "1" ? 1 : 0, turns: [] });
      }
      return { task: `${P}-${benchmark}-${t}`, success: o === "1", ...(withRollouts ? { rollout } : {}) };
    });
    events.push({ type: "eval_result", id: `${id}-r${repeat}`, experiment, checkpoint, harness_version: harness, benchmark, repeat, results });
  });
  return events;
}

function seed() {
  const events: unknown[] = [
    ...proposalEvents(P, [{ key: "one", title: "One", rule: "accept" }]),
    ruleDecisionEvent(P, "one", "accept"),
    // The producer re-sends the accepted candidate as its own H1 (as the reference experiment does).
    { type: "harness_version", id: `${P}-H1`, experiment: EXP, label: "H1", parent: ids.h0, origin: "proposal", origin_proposal: ids.proposal("one"), files: [] },
    { type: "run", id: `${P}-eval`, experiment: EXP, kind: "eval", status: "finished" },
    { type: "checkpoint", id: `${P}-ck3`, experiment: EXP, role: "policy", name: "step 3", step: 3 },
    { type: "checkpoint", id: `${P}-ck6`, experiment: EXP, role: "policy", name: "step 6", step: 6 },
    { type: "experiment", id: OTHER, name: "Other", method: "grpo" },
    { type: "harness_version", id: `${P}-other-H0`, experiment: OTHER, label: "H0", files: [] },
    ...["verified", "pro"].flatMap((b) => [0, 1, 2].map((t) => ({ type: "task", id: `${P}-${b}-${t}`, key: `${b}-${t}`, benchmark: b, title: `Task ${b} ${t}` }))),
    ...evalEvents(`${P}-e-h0`, EXP, `${P}-ck6`, ids.h0, "verified", ["100", "110", "000"], true),
    ...evalEvents(`${P}-e-h1`, EXP, `${P}-ck6`, `${P}-H1`, "verified", ["111", "011", "101"]),
    ...evalEvents(`${P}-e-pro`, EXP, `${P}-ck6`, `${P}-H1`, "pro", ["01"]),
    ...evalEvents(`${P}-e-other`, OTHER, undefined, `${P}-other-H0`, "verified", ["001"]),
    { type: "eval_result", id: `${P}-summary`, experiment: EXP, checkpoint: `${P}-ck3`, harness_version: ids.h0, benchmark: "verified", repeat: 0,
      reported: { resolved_instances: 2, total_instances: 3 } },
  ];
  const outcome = applyEvents(store, events);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

const byKey = (tasks: Array<{ taskId: string; successes: number; attempts: number }>) =>
  Object.fromEntries(tasks.map((t) => [t.taskId, `${t.successes}/${t.attempts}`]));

describe("getEvalMatrixSource", () => {
  it("sums each task's successes over the repeats of its cell, in SQL", () => {
    seed();
    const s = getEvalMatrixSource(store, [EXP]);
    expect(s.missingExperiments).toEqual([]);
    const cell = (h: string, b: string) => s.cells.find((c) => c.harnessVersionId === h && c.benchmark === b && c.checkpointId === `${P}-ck6`)!;
    const h0 = cell(ids.h0, "verified");
    // Repeats "100", "110", "000": task 0 solved once, task 1 once, task 2 never.
    expect(byKey(h0.tasks)).toEqual({ [`${P}-verified-0`]: "2/3", [`${P}-verified-1`]: "1/3", [`${P}-verified-2`]: "0/3" });
    expect(h0.repeats).toEqual([0, 1, 2]);
    expect(h0.evalRuns).toBe(3);
    expect(byKey(cell(`${P}-H1`, "verified").tasks)).toEqual({ [`${P}-verified-0`]: "2/3", [`${P}-verified-1`]: "2/3", [`${P}-verified-2`]: "3/3" });
    expect(byKey(cell(`${P}-H1`, "pro").tasks)).toEqual({ [`${P}-pro-0`]: "0/1", [`${P}-pro-1`]: "1/1" });
    // Insertion order: H0's runs first.
    expect(h0.firstOrder).toBeLessThan(cell(`${P}-H1`, "verified").firstOrder);
  });

  it("keeps summary-only runs apart, with what they reported", () => {
    seed();
    const s = getEvalMatrixSource(store, [EXP]);
    const summary = s.cells.find((c) => c.checkpointId === `${P}-ck3`)!;
    expect(summary).toMatchObject({ tasks: [], repeats: [], evalRuns: 0 });
    expect(summary.summaryOnly).toEqual([{ evalRunId: `${P}-summary`, repeat: 0, reported: { resolved_instances: 2, total_instances: 3 } }]);
  });

  it("labels experiments, checkpoints and versions; the incumbent's stand-ins follow its proposal", () => {
    seed();
    const s = getEvalMatrixSource(store, [EXP, "ghost", OTHER]);
    expect(s.missingExperiments).toEqual(["ghost"]);
    expect(s.experiments.map((e) => e.id)).toEqual([EXP, OTHER]);
    // The incumbent by its own label (promoted first, so numbered H1 in promotion order; "H1" is another version's label).
    expect(s.experiments[0]).toMatchObject({ incumbentLabel: "H0+one", incumbentVersionIds: [ids.candidate("one"), `${P}-H1`] });
    expect(s.experiments[1]).toMatchObject({ incumbentLabel: "H0", incumbentVersionIds: [`${P}-other-H0`] });
    expect(s.checkpoints.map((c) => [c.id, c.step])).toEqual([[`${P}-ck3`, 3], [`${P}-ck6`, 6]]);
    expect(s.harnessVersions.find((h) => h.id === `${P}-H1`)).toMatchObject({ label: "H1", origin: "proposal" });
    // The other experiment's cell has no checkpoint.
    expect(s.cells.filter((c) => c.experimentId === OTHER).map((c) => [c.checkpointId, byKey(c.tasks)]))
      .toEqual([[null, { [`${P}-verified-0`]: "0/1", [`${P}-verified-1`]: "0/1", [`${P}-verified-2`]: "1/1" }]]);
  });

  it("answers an empty source for no known experiment", () => {
    expect(getEvalMatrixSource(store, ["nothing"])).toMatchObject({ experiments: [], missingExperiments: ["nothing"], cells: [] });
  });
});

describe("listEvalCellTasks", () => {
  it("lists each task's attempts by repeat with their trajectories", () => {
    seed();
    const tasks = listEvalCellTasks(store, { experimentId: EXP, checkpointId: `${P}-ck6`, harnessVersionId: ids.h0, benchmark: "verified" });
    expect(tasks.map((t) => [t.taskId, t.key, t.title, t.successes, t.attempts])).toEqual([
      [`${P}-verified-0`, "verified-0", "Task verified 0", 2, 3],
      [`${P}-verified-1`, "verified-1", "Task verified 1", 1, 3],
      [`${P}-verified-2`, "verified-2", "Task verified 2", 0, 3],
    ]);
    expect(tasks[1].runs).toEqual([
      { repeat: 0, success: false, rolloutId: `${P}-e-h0-r0-t1` },
      { repeat: 1, success: true, rolloutId: `${P}-e-h0-r1-t1` },
      { repeat: 2, success: false, rolloutId: `${P}-e-h0-r2-t1` },
    ]);
  });

  it("matches a missing checkpoint as missing", () => {
    seed();
    const tasks = listEvalCellTasks(store, { experimentId: OTHER, checkpointId: null, harnessVersionId: `${P}-other-H0`, benchmark: "verified" });
    expect(tasks.map((t) => t.successes)).toEqual([0, 0, 1]);
    expect(tasks[0].runs[0].rolloutId).toBeNull();
  });
});

describe("getEvalMatrixSource with many repeats and ids holding digits", () => {
  it("reads multi-digit sums back exactly", () => {
    const events: unknown[] = [
      { type: "experiment", id: "big", name: "Big", method: "custom" },
      { type: "task", id: "task-12/3", key: "k", benchmark: "b" },
      ...Array.from({ length: 12 }, (_, r) => ({ type: "eval_result", id: `big-r${r}`, experiment: "big", benchmark: "b", repeat: r, results: [{ task: "task-12/3", success: r !== 4 }] })),
    ];
    expect(applyEvents(store, events)).toMatchObject({ ok: true });
    const [cell] = getEvalMatrixSource(store, ["big"]).cells;
    expect(cell.tasks).toEqual([{ taskId: "task-12/3", successes: 11, attempts: 12 }]);
    expect(cell.repeats).toHaveLength(12);
  });
});
