// One repair task: a correct template, tests computed from it, and one or two bugs injected with the
// inverses of edit operators. Every candidate is checked by running the tests for real:
//   (a) the reference passes every test;
//   (b) the buggy source fails at least MIN_FAIL_TO_PASS tests (the fail_to_pass set), with no time-out
//       (a bug that hangs would make every episode of the task cost a time limit per test);
//   (c) at least MIN_PASS_TO_PASS tests still pass on the buggy source (the pass_to_pass set);
//   (d) with two bugs, each bug alone already fails a test (neither is masked by the other);
// and otherwise another template/site/test draw is tried.
//
// Visible vs hidden: the agent's run_tests sees one failing test (the reproduction of the issue) and one
// or two passing ones; the reward runs every test. Hidden tests always include fail_to_pass tests the
// agent never sees (MIN_FAIL_TO_PASS ≥ 2), so an edit that only silences the visible symptom can still
// fail the reward — and with two bugs, the visible failure may come from just one of them.
import type { Rng } from "../random";
import { BUG_FAMILIES, type BugFamily, type EditOperator, type RepairTask, type SuiteName, type TaskTest } from "../types";
import { touchedLines, type BugSite } from "./bug-families";
import { applyEdit, applyInjection } from "./edit-operators";
import { callText, toLiteral } from "./literal";
import { GENERATOR_RUN_OPTIONS } from "./generator-runs";
import { TestSandbox, type RawResult } from "./sandbox";
import { screenedSites } from "./site-screen";
import { drawCases, testsFor } from "./task-tests";
import { templatesFor, type Dialect, type FunctionTemplate } from "./templates";

export const MIN_FAIL_TO_PASS = 2;
export const MIN_PASS_TO_PASS = 2;
const MAX_ATTEMPTS = 300;

export interface GenerateTaskOptions {
  id: string;
  suite: SuiteName;
  /** The bug families allowed; each bug's family is drawn from these. */
  families: readonly BugFamily[];
  bugs: 1 | 2;
  dialect?: Dialect;
  /** Number in the task key, e.g. 7 → "mini-pro/binary-search-007" (default 0). */
  index?: number;
}

/** What was injected and the edits that undo it: for tests of the generator only, never for the agent. */
export interface GroundTruth {
  template: string;
  /** The injected bugs; `line` is the line in the BUGGY source (what the agent sees). */
  bugs: { family: BugFamily; line: number; injection: BugSite["injection"] }[];
  /** Edits that turn the buggy source back into the reference when applied in this order (bottom-up). */
  fix: { line: number; operator: EditOperator }[];
}

/** The sites of a family worth drawing in this template (site-screen.ts). */
const sitesOf = (template: FunctionTemplate, family: BugFamily, sandbox: TestSandbox): BugSite[] =>
  screenedSites(template, family, sandbox, MIN_PASS_TO_PASS);

const overlaps = (a: BugSite, b: BugSite) => touchedLines(a).some((l) => touchedLines(b).includes(l));

/** Draw the bug sites of one attempt, or null when this template cannot take them. */
function drawBugs(rng: Rng, template: FunctionTemplate, first: BugSite, families: readonly BugFamily[], bugs: 1 | 2, sandbox: TestSandbox): BugSite[] | null {
  if (bugs === 1) return [first];
  const second = families.flatMap((f) => sitesOf(template, f, sandbox)).filter((s) => !overlaps(s, first));
  return second.length === 0 ? null : [first, rng.pick(second)];
}

/** Inject bottom-up (a removed guard only shifts the lines below it), returning the buggy source. */
function inject(reference: string, bugs: BugSite[]): string {
  let source = reference;
  for (const bug of [...bugs].sort((a, b) => b.line - a.line)) {
    const result = applyInjection(source, bug.line, bug.injection);
    if (!result.ok) throw new Error(`bug injection failed: ${result.error}`);
    source = result.source;
  }
  return source;
}

function groundTruth(template: FunctionTemplate, bugs: BugSite[]): GroundTruth {
  // A removed guard deletes the line after its header, so every bug below it moves up one line.
  const buggyLine = (bug: BugSite) => bug.line - bugs.filter((o) => o !== bug && o.injection === "remove-guard" && o.line + 1 < bug.line).length;
  const placed = bugs.map((b) => ({ family: b.family, line: buggyLine(b), injection: b.injection, fix: b.fix }));
  placed.sort((a, b) => b.line - a.line);
  return {
    template: template.slug,
    bugs: placed.map(({ family, line, injection }) => ({ family, line, injection })),
    fix: placed.map(({ line, fix }) => ({ line, operator: fix })),
  };
}

export function applyFix(source: string, fix: GroundTruth["fix"]): string {
  let out = source;
  for (const step of fix) {
    const result = applyEdit(out, step.line, step.operator);
    if (!result.ok) throw new Error(`ground-truth fix failed: ${result.error}`);
    out = result.source;
  }
  return out;
}

/**
 * The tests of one candidate, with their fail_to_pass / pass_to_pass kinds, or null when checks (a)–(d)
 * fail. One sandbox run evaluates every call on the reference, the buggy source and (with two
 * bugs) each bug alone; a call "fails" on a variant when it throws, runs away or returns a different
 * value. The tests written from that are then run for real on the reference and the buggy source, and
 * must give exactly the predicted outcome.
 */
function verifiedTests(sandbox: TestSandbox, template: FunctionTemplate, buggy: string, bugs: BugSite[], rng: Rng): TaskTest[] | null {
  const cases = drawCases(template, rng);
  const calls = cases.map((args) => callText(template.name, args));
  const variants = [template.source, buggy, ...(bugs.length > 1 ? bugs.map((b) => inject(template.source, [b])) : [])];
  const evaluate = { fn: template.name, argLists: cases };
  const runs = sandbox.runGroups(variants.map((source) => ({ source, evaluate })), GENERATOR_RUN_OPTIONS);
  if (runs.some((run) => run.some((r) => r.timedOut))) return null; // a variant that hangs is not a usable bug
  const [reference, ...others] = runs;
  const kept = calls.map((_, i) => i).filter((i) => reference[i].passed); // the reference cannot answer a call: drop it
  const expected = kept.map((i) => toLiteral(reference[i].value));
  const breaks = (run: RawResult[]) => kept.map((i, k) => !run[i].passed || toLiteral(run[i].value) !== expected[k]);
  const [buggyBreaks, ...aloneBreaks] = others.map(breaks);
  const failing = buggyBreaks.filter(Boolean).length;
  if (failing < MIN_FAIL_TO_PASS || kept.length - failing < MIN_PASS_TO_PASS) return null; // (b), (c)
  if (aloneBreaks.some((b) => !b.some(Boolean))) return null; // (d)

  const tests = testsFor(kept.map((i) => calls[i]), kept.map((i) => reference[i].value), buggyBreaks.map((b) => (b ? "fail_to_pass" : "pass_to_pass")));
  const [onReference, onBuggy] = sandbox.runGroups(
    [template.source, buggy].map((source) => ({ source, bodies: tests.map((t) => t.code) })),
    GENERATOR_RUN_OPTIONS,
  );
  if (!onReference.every((r) => r.passed)) return null; // (a)
  if (onBuggy.some((r, i) => r.passed !== (tests[i].kind === "pass_to_pass"))) return null;
  return tests;
}

/** Like generateTask, with what was injected and how to undo it (for the generator's own tests). */
export function generateTaskWithFix(rng: Rng, options: GenerateTaskOptions, sandbox: TestSandbox = new TestSandbox()): { task: RepairTask; truth: GroundTruth } {
  const dialect = options.dialect ?? "plain";
  const families = BUG_FAMILIES.filter((f) => options.families.includes(f));
  const templates = templatesFor(dialect);
  // Families this dialect can express at all; each attempt draws family → template → site, so every
  // allowed family is equally likely whatever the number of its sites.
  const usable = families.filter((f) => templates.some((t) => sitesOf(t, f, sandbox).length > 0));
  if (usable.length === 0) throw new Error(`no ${dialect} template can take a bug of ${families.join(", ") || "no family"}`);

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const family = rng.pick(usable);
    const template = rng.pick(templates.filter((t) => sitesOf(t, family, sandbox).length > 0));
    const bugs = drawBugs(rng, template, rng.pick(sitesOf(template, family, sandbox)), usable, options.bugs, sandbox);
    if (!bugs) continue;
    const buggy = inject(template.source, bugs);
    const tests = verifiedTests(sandbox, template, buggy, bugs, rng);
    if (!tests) continue;

    const truth = groundTruth(template, bugs);
    if (applyFix(buggy, truth.fix) !== template.source) throw new Error(`ground truth does not restore ${template.slug}`);
    const failing = tests.filter((t) => t.kind === "fail_to_pass");
    const passing = tests.filter((t) => t.kind === "pass_to_pass");
    const visibleTests = [rng.pick(failing), ...rng.shuffle(passing).slice(0, 1 + rng.int(2))];
    const number = String(options.index ?? 0).padStart(3, "0");
    const task: RepairTask = {
      id: options.id,
      key: `${options.suite}/${template.slug}-${number}`,
      suite: options.suite,
      families: [...new Set(bugs.map((b) => b.family))],
      path: `src/${template.slug}.js`,
      source: buggy,
      reference: template.source,
      visibleTests,
      hiddenTests: tests,
    };
    return { task, truth };
  }
  throw new Error(`could not generate a ${dialect} task with ${options.bugs} bug(s) of ${families.join(", ")} in ${MAX_ATTEMPTS} attempts`);
}

/** A seeded repair task: same rng state and options → the same task. */
export function generateTask(rng: Rng, options: GenerateTaskOptions): RepairTask {
  return generateTaskWithFix(rng, options).task;
}
