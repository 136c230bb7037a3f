// The task sets of one experiment, all from one seed:
//   train        the training pool: plain dialect, one bug, every family;
//   comparison   the fixed set candidate harnesses are compared on (184 tasks by default: the paper's 46 × 4, see SUITE_SIZES);
//   mini-verified      held-out tasks from the training distribution (plain, one bug, every family);
//   mini-multilingual  the "alt" dialect (arrow functions, array methods, string processing), one bug —
//                      idioms the policy never trained on;
//   mini-pro           plain dialect with TWO bugs per task: the visible failure shows only one of them.
// Held-out means freshly drawn tasks (own seed stream, own test inputs); with a catalogue of a few dozen
// templates the same template and bug site can recur across sets, as similar bugs recur across repos.
//
// One-bug suites cycle through the families in a seeded order, so even a 12-task suite covers all
// seven. Every task has its own rng stream (forked by suite and index), so a task does not change
// when another one needs more attempts or a suite grows.
import { createRng } from "../random";
import { BUG_FAMILIES, type BugFamily, type RepairTask, type SuiteName } from "../types";
import { TestSandbox } from "./sandbox";
import { generateTaskWithFix, type GroundTruth } from "./task-generator";
import type { Dialect } from "./templates";

export type SuiteSize = "small" | "default";
export type EvalSuiteName = "mini-verified" | "mini-multilingual" | "mini-pro";

export interface Suites {
  train: RepairTask[];
  comparison: RepairTask[];
  eval: Record<EvalSuiteName, RepairTask[]>;
}

/**
 * The default comparison set is 184 tasks, four times the paper's 46 (a departure, issue 16): with 46 tasks × 4
 * rollouts a side the trainable rate moves by 4–11 pp from one comparison to the next, so the rule's second
 * criterion vetoed real gains about half the time. More tasks, not more rollouts per task: the trainable rate is
 * defined per GRPO group, so groups keep training's K = 4 (the rate the trainer will see, and the one the dashboard
 * recomputes with each task's rollouts one group), and its noise falls as 1/√tasks while its expected change stays.
 * Larger groups would also cut the noise, but they change the quantity: a gain's expected trainable change depends
 * on K (measured on trained checkpoints: it grew for some catalogue changes and shrank or flipped sign for others),
 * and it would no longer be the rate of training's groups. Each task has its own stream, so the first 46 tasks are
 * the ones the smaller set held.
 */
export const SUITE_SIZES: Record<SuiteSize, { train: number; comparison: number; eval: number }> = {
  default: { train: 300, comparison: 184, eval: 40 },
  small: { train: 48, comparison: 12, eval: 12 },
};

interface SuiteSpec {
  suite: SuiteName;
  count: number;
  bugs: 1 | 2;
  dialect: Dialect;
}

/** The id of a task: the seed plus its key, so tasks of two seeds never share an id. */
export const taskId = (seed: number, key: string) => `s${seed}:${key}`;

function buildSuite(seed: number, spec: SuiteSpec, sandbox: TestSandbox): { task: RepairTask; truth: GroundTruth }[] {
  const rng = createRng(seed).fork(`suite:${spec.suite}`);
  let order: BugFamily[] = [];
  return Array.from({ length: spec.count }, (_, i) => {
    if (i % BUG_FAMILIES.length === 0) order = rng.shuffle(BUG_FAMILIES);
    const families = spec.bugs === 1 ? [order[i % BUG_FAMILIES.length]] : [...BUG_FAMILIES];
    const generated = generateTaskWithFix(
      rng.fork(`task:${i}`),
      { id: "", suite: spec.suite, families, bugs: spec.bugs, dialect: spec.dialect, index: i + 1 },
      sandbox,
    );
    generated.task.id = taskId(seed, generated.task.key);
    return generated;
  });
}

function specs(size: SuiteSize): SuiteSpec[] {
  const n = SUITE_SIZES[size];
  return [
    { suite: "train", count: n.train, bugs: 1, dialect: "plain" },
    { suite: "comparison", count: n.comparison, bugs: 1, dialect: "plain" },
    { suite: "mini-verified", count: n.eval, bugs: 1, dialect: "plain" },
    { suite: "mini-multilingual", count: n.eval, bugs: 1, dialect: "alt" },
    { suite: "mini-pro", count: n.eval, bugs: 2, dialect: "plain" },
  ];
}

/** The suites with each task's ground truth (for tests of the environment). */
export function buildSuitesWithFix(seed: number, size: SuiteSize): Record<SuiteName, { task: RepairTask; truth: GroundTruth }[]> {
  // One sandbox for the whole build: generation only runs our own templates and their mutations, and a
  // fresh context per check would cost more than everything else together.
  const sandbox = new TestSandbox();
  const out = {} as Record<SuiteName, { task: RepairTask; truth: GroundTruth }[]>;
  for (const spec of specs(size)) out[spec.suite] = buildSuite(seed, spec, sandbox);
  return out;
}

/** Same seed and size → identical suites. */
export function buildSuites(seed: number, size: SuiteSize): Suites {
  const all = buildSuitesWithFix(seed, size);
  const tasks = (suite: SuiteName) => all[suite].map((g) => g.task);
  return {
    train: tasks("train"),
    comparison: tasks("comparison"),
    eval: { "mini-verified": tasks("mini-verified"), "mini-multilingual": tasks("mini-multilingual"), "mini-pro": tasks("mini-pro") },
  };
}
