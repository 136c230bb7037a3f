// A node:vm context in which a task module and its tests run. The context's global holds only the
// language built-ins plus a small test harness (no require, process, timers, console, eval or
// new Function), so an edit can neither reach the host nor hang it.
//
// Two stops for runaway code: every loop of the task file counts its iterations (loop-budget.ts), a
// deterministic limit that fails a test after ~1 ms; and the vm timeout, a wall-clock hard stop for
// anything the count misses. When the watchdog fires, the harness knows which test was running. If the
// process spent less than half that time computing, it was not running the test but waiting for a core
// (a loaded machine) or stalled: the attempt does not count, and the test runs again (up to
// MAX_STALLED_ATTEMPTS times). Otherwise the test is run once more, and if it computes through the limit
// again it becomes a timed-out failure and the remaining tests continue in a new timed run. So the same
// seed gives the same rewards on a busy machine: under load, a trivial test used to hit the wall clock on
// two attempts in a row and fail. One attempt of a test never runs longer than timeoutMs (it may get
// slightly less: earlier tests of its run used some of the budget, microseconds for these tests).
//
// Speed matters (tests run thousands of times per experiment). Measured on this machine: a fresh
// context ≈ 0.5 ms, each timed run ≈ 0.25 ms (node starts a watchdog thread), compiling ≈ 0.03 ms. So
// compiled scripts are cached (a vm.Script is independent of the context it later runs in), all tests
// of a call run in ONE timed run, and runGroups puts several modules in one timed run.
import vm from "node:vm";
import type { TaskTest, TestResult } from "../types";
import { toLiteral } from "./literal";
import { instrumentLoops } from "./loop-budget";

/** Longest message kept per test result. */
export const MAX_MESSAGE = 200;
/**
 * Generous on purpose: runaway loops in the task file are stopped by the loop budget in about a
 * millisecond, so the watchdog is only the backstop, and a tight wall-clock limit would fail correct
 * code whenever the machine is busy (two workers on two cores), making rewards depend on load.
 */
export const DEFAULT_TIMEOUT_MS = 250;

// Runs inside the context. Plain JavaScript text, not a TypeScript function turned into text, so no
// compiler helper can leak into it.
const PRELUDE_SOURCE = String.raw`
"use strict";
(function (g) {
  // V8 gives every context a console that talks only to an inspector; take it away too.
  delete g.console;
  const LIMIT = { loopLimit: true };
  const h = { file: "", maxSteps: 10000, abandon: false, steps: 0, groups: [], group: 0, current: -1 };
  g.__loopStep = function () {
    if (++h.steps > h.maxSteps) throw LIMIT;
    return true;
  };
  function describe(e) {
    if (e !== null && typeof e === "object" && typeof e.message === "string") return (e.name || "Error") + ": " + e.message;
    return "threw " + show(e);
  }
  function lineOf(e) {
    const stack = e !== null && typeof e === "object" && typeof e.stack === "string" ? e.stack : "";
    // Frames read "at f (file:line:col)", or "at file:line:col" for top-level code.
    let at = stack.indexOf("(" + h.file + ":");
    if (at < 0) at = stack.indexOf(" " + h.file + ":");
    if (h.file === "" || at < 0) return null;
    const n = parseInt(stack.slice(at + h.file.length + 2), 10);
    return Number.isFinite(n) ? n : null;
  }
  function show(v, depth) {
    depth = depth || 0;
    if (typeof v === "string") return JSON.stringify(v);
    if (v === null) return "null";
    if (v === undefined) return "undefined";
    if (typeof v === "function") return "[function]";
    if (typeof v !== "object") return String(v);
    if (depth > 2) return Array.isArray(v) ? "[…]" : "{…}";
    if (Array.isArray(v)) {
      const items = v.slice(0, 8).map(function (x) { return show(x, depth + 1); });
      return "[" + items.join(", ") + (v.length > 8 ? ", …" : "") + "]";
    }
    return "{" + Object.keys(v).slice(0, 6).map(function (k) { return k + ": " + show(v[k], depth + 1); }).join(", ") + "}";
  }
  function same(a, b) {
    if (a === b) return true;
    if (typeof a === "number" && typeof b === "number") return a !== a && b !== b;
    if (Array.isArray(a) || Array.isArray(b)) {
      if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
      return true;
    }
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
    const ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !same(a[k], b[k])) return false;
    return true;
  }
  // A failed check: a plain object, not an Error, so no stack trace is captured for it.
  function failure(message, line) {
    return { checkFailure: message, line: line };
  }
  // The assertion of every generated test: check("f(1, 2)", () => mod.f(1, 2), 3).
  g.check = function check(label, thunk, expected) {
    let actual;
    try { actual = thunk(); } catch (e) {
      if (e === LIMIT) throw e;
      throw failure(label + " threw " + describe(e), lineOf(e));
    }
    if (!same(actual, expected)) throw failure(label + ": expected " + show(expected) + ", got " + show(actual), null);
  };
  function load(group) {
    group.loadError = null;
    h.steps = 0;
    try {
      const module = { exports: {} };
      group.factory.call(undefined, module, module.exports);
      group.mod = module.exports;
    } catch (e) {
      group.loadError = e === LIMIT
        ? { message: "module failed to load: loop limit", line: null, limit: true }
        : { message: "module failed to load: " + describe(e), line: lineOf(e), limit: false };
    }
  }
  h.reset = function (file, maxSteps, abandon) { h.file = file; h.maxSteps = maxSteps; h.abandon = abandon; h.groups = []; h.group = 0; h.current = -1; };
  // tests: functions of mod; or, to evaluate, fn (an export's name) and argLists (one array per call).
  h.addGroup = function (factory, tests, fn, argLists) {
    h.groups.push({ factory: factory, tests: tests, fn: fn, argLists: argLists, mod: null, loadError: null, loaded: false, ranAway: false, results: [] });
  };
  // Runs every group from (group, test) on; each test records {passed, message, line, limit}, each
  // evaluated call {passed, value} (or the error). A run into the loop limit records limit: true.
  h.run = function (fromGroup, fromTest) {
    for (let gi = fromGroup; gi < h.groups.length; gi++) {
      const group = h.groups[gi];
      const evaluating = group.tests === null;
      const count = evaluating ? group.argLists.length : group.tests.length;
      h.group = gi;
      // Evaluating needs no error lines: without stack traces, a throwing call costs far less.
      Error.stackTraceLimit = evaluating ? 0 : 10;
      if (!group.loaded) { h.current = -1; load(group); group.loaded = true; }
      for (let i = gi === fromGroup ? fromTest : 0; i < count; i++) {
        h.current = i;
        const err = group.loadError;
        if (err) { group.results[i] = { passed: false, message: err.message, line: err.line, limit: err.limit }; continue; }
        if (group.ranAway) { group.results[i] = { passed: false, message: "not run: an earlier call ran away", line: null, limit: false }; continue; }
        h.steps = 0;
        try {
          const value = evaluating ? group.mod[group.fn].apply(undefined, group.argLists[i]) : group.tests[i](group.mod);
          group.results[i] = { passed: true, message: null, line: null, limit: false, value: value };
        } catch (e) {
          if (e === LIMIT) { group.results[i] = { passed: false, message: null, line: null, limit: true }; group.ranAway = h.abandon; }
          else if (e !== null && typeof e === "object" && typeof e.checkFailure === "string") group.results[i] = { passed: false, message: e.checkFailure, line: e.line, limit: false };
          else group.results[i] = { passed: false, message: describe(e), line: evaluating ? null : lineOf(e), limit: false };
        }
      }
    }
    h.group = h.groups.length;
  };
  Object.defineProperty(g, "__harness", { value: h });
})(globalThis);
`;

const PRELUDE = new vm.Script(PRELUDE_SOURCE, { filename: "harness-prelude.js" });
const RUN = new vm.Script("__harness.run(__fromGroup, __fromTest)", { filename: "harness-run.js" });

/** A small least-recently-used cache of compiled scripts (sources repeat: the same tests, the same edits). */
class ScriptCache {
  private readonly map = new Map<string, vm.Script>();
  constructor(private readonly limit: number) {}
  get(key: string, compile: () => vm.Script): vm.Script {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit;
    }
    const script = compile();
    this.map.set(key, script);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
    return script;
  }
}

const moduleScripts = new ScriptCache(1000);
const testScripts = new ScriptCache(2000);

/**
 * The task file wrapped as a CommonJS module, its loops counted (loop-budget.ts); the wrapper stays on
 * line 1 so error lines are file lines.
 */
function compileModule(source: string, file: string): vm.Script | { error: string; line: number | null } {
  try {
    return moduleScripts.get(`${file}\u0000${source}`, () =>
      new vm.Script(`(function (module, exports) {"use strict";${instrumentLoops(source)}\n})`, { filename: file }));
  } catch (e) {
    const err = e as { name?: string; message?: string; stack?: string };
    // A SyntaxError's stack starts with "<file>:<line>".
    const stack = err.stack ?? "";
    const at = stack.indexOf(`${file}:`);
    const line = at < 0 ? Number.NaN : Number.parseInt(stack.slice(at + file.length + 1), 10);
    return { error: `module failed to load: ${err.name ?? "Error"}: ${err.message ?? String(e)}`, line: Number.isFinite(line) ? line : null };
  }
}

export interface SandboxRunOptions {
  /**
   * Wall-clock limit per test in milliseconds (default 250): the hard stop, for what the loop budget
   * misses. A test that hits it is run once more and times out only if it hits it again. 0 runs without
   * a watchdog: only for code that cannot hang once its loops are counted (the generator's templates).
   */
  timeoutMs?: number;
  /** Loop iterations one test may run before it counts as timed out (default 10,000; deterministic). */
  maxLoopIterations?: number;
  /**
   * After this many wall-clock time-outs the remaining tests are not run and count as failed (default 1):
   * one hung test already fails the task, and every further one would cost another timeoutMs.
   * Loop-budget time-outs are cheap and do not count.
   */
  maxTimeouts?: number;
  /** File name used in error stacks; error lines are reported for this file. */
  path?: string;
  /**
   * After a call of a group runs past the loop budget, record its remaining calls as not run (failed)
   * instead of running them: for the generator, which rejects such a variant anyway.
   */
  abandonAfterRunaway?: boolean;
}

export const DEFAULT_MAX_LOOP_ITERATIONS = 10_000;

/**
 * How often one test may be caught by the watchdog while the process barely computed, before that counts
 * as a compute time-out anyway: a bound on what a runaway costs on a machine so loaded that it never gets
 * half a core (it then times out after this many × timeoutMs instead of 2 ×).
 */
export const MAX_STALLED_ATTEMPTS = 8;

/** CPU milliseconds this process used since `since` (all threads; the sandbox's own dominate). */
function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/**
 * One module and what to run against it: test bodies (each a function body run with `mod` bound to the
 * module's exports), or calls of one export whose return values are recorded.
 */
export type SandboxGroup =
  | { source: string; bodies: readonly string[] }
  | { source: string; evaluate: { fn: string; argLists: readonly (readonly unknown[])[] } };

const groupSize = (g: SandboxGroup) => ("bodies" in g ? g.bodies.length : g.evaluate.argLists.length);

export interface RawResult {
  passed: boolean;
  message: string | null;
  line: number | null;
  timedOut: boolean;
  value?: unknown;
}

const short = (s: string | null) => (s !== null && s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE - 1)}…` : s);

interface Harness {
  reset(file: string, maxSteps: number, abandon: boolean): void;
  addGroup(factory: unknown, tests: unknown, fn: string | null, argLists: unknown): void;
  groups: { results: { passed: boolean; message?: string | null; line?: number | null; limit?: boolean; value?: unknown }[] }[];
  group: number;
  current: number;
}

/**
 * One isolated context. runTests uses a fresh one per call; the generator one for a whole suite build
 * (it runs only catalogue templates and their mutations).
 */
export class TestSandbox {
  private readonly context: vm.Context;

  constructor() {
    this.context = vm.createContext({}, { codeGeneration: { strings: false, wasm: false } });
    PRELUDE.runInContext(this.context);
  }

  /** Run tests against a module source; one result per test, in order. */
  run(source: string, tests: readonly TaskTest[], options: SandboxRunOptions = {}): TestResult[] {
    const [results] = this.runGroups([{ source, bodies: tests.map((t) => t.code) }], options);
    return results.map((r, i) => {
      const result: TestResult = { name: tests[i].name, passed: r.passed, message: r.message, timedOut: r.timedOut };
      if (r.line !== null) result.line = r.line;
      return result;
    });
  }

  /** The values `fn(...args)` returns for each argument list: how the generator computes expected values. */
  evaluate(source: string, fn: string, argLists: readonly (readonly unknown[])[], options: SandboxRunOptions = {}): RawResult[] {
    return this.runGroups([{ source, evaluate: { fn, argLists } }], options)[0];
  }

  /**
   * Several modules and their tests in one timed run (one watchdog instead of one per module, which is
   * most of the cost of a run). Results per group, per body, in order.
   */
  runGroups(groups: readonly SandboxGroup[], options: SandboxRunOptions = {}): RawResult[][] {
    const file = options.path ?? "task.js";
    const timeout = options.timeoutMs === 0 ? 0 : Math.max(1, Math.round(options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    const maxTimeouts = options.maxTimeouts ?? 1;
    const maxSteps = options.maxLoopIterations ?? DEFAULT_MAX_LOOP_ITERATIONS;
    const ctx = this.context;
    const h = ctx.__harness as Harness;
    h.reset(file, maxSteps, options.abandonAfterRunaway === true);

    const out: RawResult[][] = groups.map(() => []);
    const live: number[] = []; // harness group index → caller's group index
    groups.forEach((group, gi) => {
      const compiled = compileModule(group.source, file);
      if (!(compiled instanceof vm.Script)) {
        out[gi] = Array.from({ length: groupSize(group) }, () => ({ passed: false, message: short(compiled.error), line: compiled.line, timedOut: false }));
        return;
      }
      if ("bodies" in group) {
        const tests = testScripts.get(group.bodies.join("\n\u0000"), () =>
          new vm.Script(`[${group.bodies.map((b) => `function (mod) {\n${b}\n}`).join(",\n")}]`, { filename: "tests.js" }));
        h.addGroup(compiled.runInContext(ctx), tests.runInContext(ctx), null, null);
      } else {
        // Arguments go in as literal text, run in the context: data only, fresh arrays for every group.
        const argText = `[${group.evaluate.argLists.map((args) => `[${args.map(toLiteral).join(", ")}]`).join(",\n")}]`;
        const argLists = testScripts.get(argText, () => new vm.Script(argText, { filename: "arguments.js" })).runInContext(ctx);
        h.addGroup(compiled.runInContext(ctx), null, group.evaluate.fn, argLists);
      }
      live.push(gi);
    });

    let timeouts = 0;
    let from: [number, number] = [0, 0];
    let retried = "";
    let stalled = { position: "", attempts: 0 };
    for (;;) {
      ctx.__fromGroup = from[0];
      ctx.__fromTest = from[1];
      let hung = false;
      const cpuBefore = process.cpuUsage();
      try {
        RUN.runInContext(ctx, timeout > 0 ? { timeout } : undefined);
      } catch (e) {
        if ((e as { code?: string }).code !== "ERR_SCRIPT_EXECUTION_TIMEOUT") throw e;
        hung = true;
      }
      const computedMs = hung ? cpuMsSince(cpuBefore) : 0;
      // (The watchdog can fire just after the last test finished: then nothing is left to stop.)
      if (hung && h.group >= live.length) hung = false;
      const stopGroup = hung ? h.group : live.length;
      const stopTest = h.current;
      // Collect what finished in this run.
      for (let hg = from[0]; hg < Math.min(stopGroup + 1, live.length); hg++) {
        const results = h.groups[hg].results;
        const count = hung && hg === stopGroup ? Math.max(stopTest, 0) : groupSize(groups[live[hg]]);
        for (let i = hg === from[0] ? from[1] : 0; i < count; i++) out[live[hg]][i] = toRaw(results[i], maxSteps);
      }
      if (!hung) break;
      const position = `${stopGroup}:${stopTest}`;
      // Waiting for a core is not running: an attempt that computed less than half the limit is run again
      // without counting, so the machine's load cannot decide a test (up to MAX_STALLED_ATTEMPTS times).
      if (computedMs < timeout / 2) {
        stalled = stalled.position === position ? { position, attempts: stalled.attempts + 1 } : { position, attempts: 1 };
        if (stalled.attempts <= MAX_STALLED_ATTEMPTS) {
          from = [stopGroup, Math.max(stopTest, 0)];
          continue;
        }
      }
      // A pause while computing (a long GC) can trip the watchdog on code that was about to finish; only
      // a test that computes through the limit twice in a row counts as timed out.
      if (retried !== position) {
        retried = position;
        from = [stopGroup, Math.max(stopTest, 0)];
        continue;
      }
      timeouts++;
      const bodies = groupSize(groups[live[stopGroup]]);
      if (stopTest < 0) {
        // The module hung while loading: none of its tests can run.
        for (let i = 0; i < bodies; i++) out[live[stopGroup]][i] = timedOut(`timed out after ${timeout} ms (loading the module)`);
        from = [stopGroup + 1, 0];
      } else {
        out[live[stopGroup]][stopTest] = timedOut(`timed out after ${timeout} ms`);
        from = stopTest + 1 < bodies ? [stopGroup, stopTest + 1] : [stopGroup + 1, 0];
      }
      if (timeouts >= maxTimeouts) {
        for (let hg = from[0]; hg < live.length; hg++) {
          for (let i = hg === from[0] ? from[1] : 0; i < groupSize(groups[live[hg]]); i++) {
            out[live[hg]][i] = { passed: false, message: "not run: an earlier test timed out", line: null, timedOut: false };
          }
        }
        break;
      }
      if (from[0] >= live.length) break;
    }
    return out;
  }
}

const timedOut = (message: string): RawResult => ({ passed: false, message, line: null, timedOut: true });

function toRaw(r: Harness["groups"][number]["results"][number], maxSteps: number): RawResult {
  if (r.limit) return timedOut(`timed out: a loop ran more than ${maxSteps} iterations`);
  return { passed: r.passed, message: short(r.message ?? null), line: r.line ?? null, timedOut: false, value: r.value };
}
