// The Harness-R1 query against a temp store holding the results fixture (and another experiment), then the
// whole preparation the page does: ablations found from the files with their known drops, the grid's counts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { exampleEvents } from "../../lib/events/examples";
import {
  ABLATION_DROPS, ENGINEER_REWARDS, ENVIRONMENTS, EXPECTED_GRID, EXPECTED_MEAN_ORDER, EXPECTED_ORDER, N_TASKS, TARGETS,
  harnessR1ResultsEvents, harnessR1ResultsIds,
} from "../../test/fixtures/harness-r1-results/events";
import { ablationDrops, ablationSets, findAblationPairs } from "../../lib/harness-r1/ablation";
import { meanDropOverEnvironments } from "../../lib/harness-r1/ranking";
import { generalisationGrid, targetCheckpoints } from "../../lib/harness-r1/generalisation";
import { selectGridVersions } from "../../lib/harness-r1/selection";
import { prepareHarnessR1 } from "../../lib/harness-r1/prepare";
import { getHarnessR1Data, loadEvalCells } from "./harness-r1";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

function seed(events: unknown[]) {
  const outcome = applyEvents(store, events);
  expect(outcome, JSON.stringify(outcome).slice(0, 2000)).toMatchObject({ ok: true });
}

const ids = harnessR1ResultsIds("fx");

describe("getHarnessR1Data", () => {
  it("reads only this experiment's versions (files as hashes and positions), checkpoints, cells and engineer curves", () => {
    seed([...harnessR1ResultsEvents("fx"), ...exampleEvents("other")]);
    const data = getHarnessR1Data(store, ids.experiment);
    expect(data.versions.map((v) => v.label)).toEqual(["H0", "H0 ⊕ engineer patch", "variant a", "variant b", "variant c", "variant d", "F − pre_action", "F − 30-refuse"]);
    const full = data.versions.find((v) => v.id === ids.full)!;
    expect(full.parentId).toBe(ids.h0);
    expect(full.files.filter((f) => f.hookPosition === "pre_action").map((f) => f.path)).toEqual(["hooks/pre_action/10-normalise.py", "hooks/pre_action/30-refuse.py"]);
    expect(full.files.every((f) => /^[0-9a-f]{64}$/.test(f.hash))).toBe(true);
    expect(data.checkpoints.map((c) => c.role)).toEqual(["engineer", "policy", ...TARGETS.map(() => "target")]);
    // 4 variants × 3 + 2 decoys on the primary; H0 and F on 6 targets × 3 minus one missing F; 2 for the policy.
    expect(data.cells).toHaveLength(12 + 2 + 35 + 2);
    expect(data.cells.every((c) => c.runIds.length === 1)).toBe(true);
    const loaded = loadEvalCells(store, data.cells);
    expect(loaded.map((c) => [c.checkpointId, c.versionId, c.benchmark])).toEqual(data.cells.map((c) => [c.checkpointId, c.versionId, c.benchmark]));
    expect(loaded.every((c) => c.tasks.length === N_TASKS && c.tasks.every((t) => t.attempts === 1))).toBe(true);
    expect(data.engineerRuns).toEqual([{
      runId: ids.engineerRun, name: "engineer GRPO on failure packets", status: "finished",
      points: ENGINEER_REWARDS.map((value, step) => ({ step, epoch: null, value })),
    }]);
    expect(getHarnessR1Data(store, "nope")).toEqual({ versions: [], checkpoints: [], cells: [], engineerRuns: [] });
  });

  it("sums a task's attempts over the repeats of a cell", () => {
    const events = harnessR1ResultsEvents("fx");
    const first = events.find((e) => e.type === "eval_result" && e.checkpoint === ids.target("qwen-7b") && e.harness_version === ids.h0 && e.benchmark === "webshop");
    if (first?.type !== "eval_result") throw new Error("the fixture has no such evaluation");
    seed([...events, { ...first, id: "fx:repeat 1", repeat: 1, results: [{ task: ids.task("webshop", 0), success: false }] }]);
    const ref = getHarnessR1Data(store, ids.experiment).cells.find((c) => c.checkpointId === ids.target("qwen-7b") && c.versionId === ids.h0 && c.benchmark === "webshop")!;
    expect(ref.runIds).toEqual([first.id, "fx:repeat 1"]);
    const [cell] = loadEvalCells(store, [ref]);
    expect(cell.tasks.find((t) => t.taskId === ids.task("webshop", 0))).toEqual({ taskId: ids.task("webshop", 0), successes: 1, attempts: 2 });
    expect(cell.tasks.find((t) => t.taskId === ids.task("webshop", 1))).toEqual({ taskId: ids.task("webshop", 1), successes: 1, attempts: 1 });
  });
});

describe("the fixture through the page's preparation", () => {
  it("finds the four one-position ablations from the files, not the decoys, with the known drops in the known order", () => {
    seed(harnessR1ResultsEvents("fx"));
    const data = getHarnessR1Data(store, ids.experiment);
    const pairs = findAblationPairs(data.versions).filter((p) => p.fullId === ids.full);
    expect(pairs.map((p) => [p.position, p.ablatedId]).sort()).toEqual([
      ["episode_init", ids.variant("d")], ["post_feedback", ids.variant("a")], ["pre_action", ids.variant("b")], ["pre_decision", ids.variant("c")],
    ]);
    const sets = ablationSets(ablationDrops(findAblationPairs(data.versions), loadEvalCells(store, data.cells)), data.checkpoints.map((c) => c.id));
    const [set] = sets;
    expect([set.fullId, set.checkpointId, set.size]).toEqual([ids.full, ids.target("target-9b"), 12]);
    expect(set.benchmarks.map((b) => b.benchmark)).toEqual([...ENVIRONMENTS].sort());
    for (const b of set.benchmarks) {
      const env = b.benchmark as (typeof ENVIRONMENTS)[number];
      expect(b.bars.map((x) => x.position)).toEqual(EXPECTED_ORDER[env]);
      for (const x of b.bars) expect(x.drop.mean! * 100).toBeCloseTo(ABLATION_DROPS[env][x.position], 9);
    }
    const means = meanDropOverEnvironments(set);
    expect(means.map((m) => [m.position, m.mean * 100])).toEqual(EXPECTED_MEAN_ORDER.map(([p, v]) => [p, expect.closeTo(v, 9)]));
  });

  it("compares H0 with the full patch by default on the six targets, with the known counts and mean", () => {
    seed(harnessR1ResultsEvents("fx"));
    const data = getHarnessR1Data(store, ids.experiment);
    const targets = targetCheckpoints(data.checkpoints, data.cells);
    const { baseId, patchedId, problems } = selectGridVersions({}, data.versions, data.cells, targets);
    expect([baseId, patchedId, problems]).toEqual([ids.h0, ids.full, []]);
    const grid = generalisationGrid(targets, loadEvalCells(store, data.cells), baseId!, patchedId!);
    expect(grid.checkpoints.map((c) => c.name)).toEqual(TARGETS.map((t) => t.name));
    expect(grid.counts).toEqual({
      improved: EXPECTED_GRID.improved, regressed: EXPECTED_GRID.regressed, unchanged: EXPECTED_GRID.unchanged,
      missing: EXPECTED_GRID.missing, compared: EXPECTED_GRID.compared,
    });
    expect(grid.meanDelta! * 100).toBeCloseTo(EXPECTED_GRID.meanDeltaPp, 9);
    expect(grid.worstRegression! * 100).toBeCloseTo(EXPECTED_GRID.worstPp, 9);
    expect(grid.rows[1].map((c) => c.delta! * 100)).toEqual([expect.closeTo(7, 9), expect.closeTo(-2, 9), expect.closeTo(5, 9)]);
  });
});

describe("prepareHarnessR1 on the fixture", () => {
  it("shows the defaults, offers the versions evaluated on targets and labels ids", () => {
    seed(harnessR1ResultsEvents("fx"));
    const loaded: string[] = [];
    const r = prepareHarnessR1(getHarnessR1Data(store, ids.experiment), {}, (cells) => {
      loaded.push(...cells.map((c) => `${c.versionId} ${c.checkpointId} ${c.benchmark}`));
      return loadEvalCells(store, cells);
    });
    // Only what is shown is read, each cell once: F and its 4 ablations on the primary (15), then H0 and F on the
    // targets (35) minus F on the primary, already read.
    expect(loaded).toHaveLength(15 + 35 - 3);
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(loaded.some((c) => c.startsWith(ids.decoyPrompt) || c.startsWith(ids.policy) || c.includes(ids.policy))).toBe(false);
    expect(r.problems).toEqual([]);
    expect([r.ablation?.fullId, r.ablation?.checkpointId, r.baseId, r.patchedId]).toEqual([ids.full, ids.target("target-9b"), ids.h0, ids.full]);
    // F − 30-refuse minus its pre_action file is variant b: a second, one-bar ablation set.
    expect(r.candidates.map((s) => [r.versionLabel(s.fullId), s.size])).toEqual([["H0 ⊕ engineer patch", 12], ["F − 30-refuse", 1]]);
    expect(r.ablation?.size).toBe(12);
    expect(r.gridVersions.map((v) => v.label)).toEqual(["H0", "H0 ⊕ engineer patch", "variant a", "variant b", "variant c", "variant d", "F − pre_action", "F − 30-refuse"]);
    expect(r.checkpointLabel(ids.target("qwen-7b"))).toBe("qwen-7b");
    expect(r.versionLabel("unknown")).toBe("unknown");
  });

  it("applies the URL's choices and names every bad one", () => {
    seed(harnessR1ResultsEvents("fx"));
    const data = getHarnessR1Data(store, ids.experiment);
    const load = (cells: Parameters<typeof loadEvalCells>[1]) => loadEvalCells(store, cells);
    const chosen = prepareHarnessR1(data, { base: ids.variant("a"), full: ids.decoyPartial }, load);
    // The default patched version is the one on most targets besides the base: here H0 itself.
    expect([chosen.baseId, chosen.patchedId, chosen.ablation?.fullId, chosen.grid?.counts.compared]).toEqual([ids.variant("a"), ids.h0, ids.decoyPartial, 3]);
    expect(chosen.ablation?.benchmarks.map((b) => [b.benchmark, b.bars.map((x) => [x.position, x.ablatedId])])).toEqual([["webshop", [["pre_action", ids.variant("b")]]]]);
    const bad = prepareHarnessR1(data, { base: "nope", patched: ["a", "b"], checkpoint: ids.engineer }, load);
    expect(bad.problems).toEqual([
      "patched: give one value",
      "checkpoint: no ablation was evaluated on “trained engineer”",
      "base: no harness version “nope” in this experiment",
    ]);
    expect([bad.baseId, bad.patchedId, bad.ablation?.fullId]).toEqual([ids.h0, ids.full, ids.full]);
  });
});
