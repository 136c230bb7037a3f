import { describe, expect, it } from "vitest";
import { ablationCandidates, ablationDrops, ablationSets, byDrop, findAblationPairs, type AblationDrop } from "./ablation";
import type { EvalCell, VersionFile, VersionFiles } from "./types";

const f = (path: string, hash: string, hookPosition: VersionFile["hookPosition"] = null): VersionFile => ({ path, hash, hookPosition });
const v = (id: string, files: VersionFile[], parentId: string | null = "H0", label = id): VersionFiles => ({ id, label, parentId, files });

const base = [f("tools/search.py", "s1"), f("prompt.md", "p1")];
const full = [
  ...base,
  f("hooks/pre_action/a.py", "pa1", "pre_action"),
  f("hooks/pre_action/b.py", "pa2", "pre_action"),
  f("hooks/post_feedback/c.py", "pf1", "post_feedback"),
];
const without = (position: string) => full.filter((x) => x.hookPosition !== position);

describe("findAblationPairs", () => {
  it("finds a version equal to F minus all of F's hook files at one position, whatever its label says", () => {
    const pairs = findAblationPairs([
      v("H0", base, null),
      v("F", full),
      v("x", without("pre_action"), "H0", "F − post_feedback"),
      v("y", without("post_feedback"), "H0", "something"),
    ]);
    expect(pairs.filter((p) => p.fullId === "F")).toEqual([
      { fullId: "F", ablatedId: "x", position: "pre_action", kind: "removed", paths: ["hooks/pre_action/a.py", "hooks/pre_action/b.py"] },
      { fullId: "F", ablatedId: "y", position: "post_feedback", kind: "removed", paths: ["hooks/post_feedback/c.py"] },
    ]);
    // Each ablation is itself a one-position patch of H0: H0 is "x without post_feedback" and "y without pre_action".
    expect(pairs.filter((p) => p.fullId !== "F").map((p) => [p.fullId, p.ablatedId, p.position])).toEqual([
      ["x", "H0", "post_feedback"],
      ["y", "H0", "pre_action"],
    ]);
  });

  it("does not take a version that also changes another file, or removes only part of a position, or moves a file", () => {
    const pairs = findAblationPairs([
      v("F", full),
      v("edited", without("pre_action").map((x) => (x.path === "prompt.md" ? { ...x, hash: "p2" } : x)), "H0", "F − pre_action"),
      v("partial", full.filter((x) => x.path !== "hooks/pre_action/b.py")),
      // The post_feedback hook's code kept under another path, as a plain file: not a removal.
      v("moved", [...without("post_feedback"), f("hooks/disabled/c.py", "pf1")]),
    ]);
    expect(pairs).toEqual([]);
  });

  it("also finds F with its hooks at a position reverted to the parent's (a patch that edited existing hooks)", () => {
    const parent = [...base, f("hooks/post_feedback/c.py", "pf0", "post_feedback")];
    const patched = [...parent.filter((x) => x.hookPosition === null), f("hooks/post_feedback/c.py", "pf1", "post_feedback"), f("hooks/pre_action/a.py", "pa1", "pre_action")];
    const reverted = [...parent, f("hooks/pre_action/a.py", "pa1", "pre_action")];
    const pairs = findAblationPairs([v("P", parent, null), v("F", patched, "P"), v("R", reverted, "P"), v("bare", [...base, f("hooks/pre_action/a.py", "pa1", "pre_action")], "P")]);
    expect(pairs.filter((p) => p.fullId === "F")).toEqual([
      // Without any post_feedback hook at all, and with the parent's post_feedback hook back.
      { fullId: "F", ablatedId: "bare", position: "post_feedback", kind: "removed", paths: ["hooks/post_feedback/c.py"] },
      { fullId: "F", ablatedId: "R", position: "post_feedback", kind: "restored", paths: ["hooks/post_feedback/c.py"] },
    ]);
    // The parent is not "F without pre_action": F also changed the post_feedback hook. It is R without pre_action.
    expect(pairs.filter((p) => p.fullId === "R").map((p) => [p.ablatedId, p.position])).toEqual([["P", "pre_action"], ["bare", "post_feedback"]]);
  });
});

const tasks = (solved: number, n = 10) => Array.from({ length: n }, (_, i) => ({ taskId: `t${i}`, successes: i < solved ? 1 : 0, attempts: 1 }));
const cell = (checkpointId: string, versionId: string, benchmark: string, solved: number): EvalCell => ({ checkpointId, versionId, benchmark, tasks: tasks(solved) });

describe("ablationDrops", () => {
  const versions = [v("H0", base, null), v("F", full), v("x", without("pre_action")), v("y", without("post_feedback"))];
  const pairs = findAblationPairs(versions);

  it("pairs F and A evaluated on the same checkpoint and benchmark: drop = p̂(F) − p̂(A)", () => {
    const drops = ablationDrops(pairs, [
      cell("c1", "F", "webshop", 8), cell("c1", "x", "webshop", 5), cell("c1", "y", "webshop", 9),
      // Other checkpoint or benchmark: not paired with c1/webshop.
      cell("c2", "x", "webshop", 0), cell("c1", "x", "alfworld", 0),
    ]);
    expect(drops.map((d) => [d.position, d.checkpointId, d.benchmark, d.drop.mean, d.fullScore, d.ablatedScore])).toEqual([
      ["pre_action", "c1", "webshop", expect.closeTo(0.3, 12), 0.8, 0.5],
      ["post_feedback", "c1", "webshop", expect.closeTo(-0.1, 12), 0.8, 0.9],
    ]);
  });

  it("skips cells with no shared task", () => {
    const other = { checkpointId: "c1", versionId: "x", benchmark: "webshop", tasks: [{ taskId: "other", successes: 1, attempts: 1 }] };
    expect(ablationDrops(pairs, [cell("c1", "F", "webshop", 8), other])).toEqual([]);
  });

  it("groups drops into sets per full patch and checkpoint, bars sorted by drop, the biggest set first", () => {
    const drops = ablationDrops(pairs, [
      cell("c1", "F", "webshop", 8), cell("c1", "x", "webshop", 5), cell("c1", "y", "webshop", 9),
      cell("c1", "F", "alfworld", 6), cell("c1", "x", "alfworld", 5), cell("c1", "y", "alfworld", 2),
      cell("c2", "F", "webshop", 6), cell("c2", "x", "webshop", 5),
    ]);
    const sets = ablationSets(drops);
    expect(sets.map((s) => [s.fullId, s.checkpointId, s.size])).toEqual([["F", "c1", 4], ["F", "c2", 1]]);
    // Equal sets: the checkpoint created first comes first.
    const tied = ablationDrops(pairs, [cell("c1", "F", "w", 8), cell("c1", "x", "w", 5), cell("c2", "F", "w", 8), cell("c2", "x", "w", 5)]);
    expect(ablationSets(tied).map((s) => s.checkpointId)).toEqual(["c1", "c2"]);
    expect(ablationSets(tied, ["c2", "c1"]).map((s) => s.checkpointId)).toEqual(["c2", "c1"]);
    expect(sets[0].benchmarks.map((b) => [b.benchmark, b.bars.map((x) => x.position)])).toEqual([
      ["alfworld", ["post_feedback", "pre_action"]],
      ["webshop", ["pre_action", "post_feedback"]],
    ]);
  });
});

describe("byDrop and the choice between two ablations of one position", () => {
  const drop = (position: AblationDrop["position"], mean: number | null, extra: Partial<AblationDrop> = {}): AblationDrop => ({
    fullId: "F", ablatedId: `A-${position}`, position, kind: "removed", paths: [], checkpointId: "c", benchmark: "b",
    drop: { n: 10, mean, se: null, ci: null, unpaired: 0 }, fullScore: null, ablatedScore: null, ...extra,
  });

  it("puts the largest drop first, a missing one last, ties in lifecycle order", () => {
    const sorted = [drop("post_feedback", 0.01), drop("pre_action", null), drop("pre_decision", 0.01), drop("episode_init", 0.05)].sort(byDrop);
    expect(sorted.map((d) => d.position)).toEqual(["episode_init", "pre_decision", "post_feedback", "pre_action"]);
  });

  it("shows the reverted ablation over the removed one, else the one with more tasks", () => {
    const [set] = ablationSets([
      drop("pre_action", 0.1, { ablatedId: "removed" }),
      drop("pre_action", 0.2, { ablatedId: "restored", kind: "restored" }),
      drop("post_feedback", 0.1, { ablatedId: "few" }),
      drop("post_feedback", 0.1, { ablatedId: "many", drop: { n: 20, mean: 0.1, se: null, ci: null, unpaired: 0 } }),
    ]);
    expect(set.benchmarks[0].bars.map((b) => b.ablatedId)).toEqual(["restored", "many"]);
  });
});

describe("ablationCandidates", () => {
  const versions = [v("H0", base, null), v("F", full), v("x", without("pre_action")), v("y", without("post_feedback"))];
  const pairs = findAblationPairs(versions);
  const ref = (checkpointId: string, versionId: string, benchmark: string) => ({ checkpointId, versionId, benchmark, runIds: [`${checkpointId}/${versionId}/${benchmark}`] });

  it("counts the bars the stored cells allow per full patch and checkpoint, and names the cells to read", () => {
    const cells = [
      ref("c2", "F", "w"), ref("c2", "x", "w"),
      ref("c1", "F", "w"), ref("c1", "x", "w"), ref("c1", "y", "w"), ref("c1", "F", "a"), ref("c1", "y", "a"),
      ref("c1", "x", "other"), // no F there: no bar
      ref("c1", "H0", "w"), // x and y are one-position patches of H0: their ablations on c1/w
    ];
    const candidates = ablationCandidates(pairs, cells, ["c1", "c2"]);
    expect(candidates.map((c) => [c.fullId, c.checkpointId, c.size])).toEqual([["F", "c1", 3], ["x", "c1", 1], ["y", "c1", 1], ["F", "c2", 1]]);
    expect(candidates[0].cells.map((c) => c.runIds[0]).sort()).toEqual(["c1/F/a", "c1/F/w", "c1/x/w", "c1/y/a", "c1/y/w"]);
    // Without a creation order, ties go by ids.
    expect(ablationCandidates(pairs, [ref("c2", "F", "w"), ref("c2", "x", "w"), ref("c1", "F", "w"), ref("c1", "x", "w")]).map((c) => c.checkpointId)).toEqual(["c1", "c2"]);
    expect(ablationCandidates(pairs, [ref("c1", "F", "w")])).toEqual([]);
  });
});
