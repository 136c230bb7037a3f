// Running harness code: compile with node:vm once per distinct content, evaluate in a realm that has
// no require, no process and a seeded Math.random, and call with a time limit when needed.
//
// node:vm is not a security boundary (code can reach the host through the objects it is handed); it is
// an isolation boundary for our own and generated harness code: no module system, no globals from this
// process, and a watchdog for endless loops. A vm timeout costs ~150 µs per call (a watchdog thread),
// which would dominate an episode if paid per hook call, so callers pay it once per episode and only
// fall back to a watchdog per call when that one fires (see episode/run-episode.ts).
import vm from "node:vm";
import { createHash } from "node:crypto";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Compiled module wrappers by content hash: thousands of harness loads compile each file once. */
const scriptCache = new Map<string, vm.Script>();
const SCRIPT_CACHE_LIMIT = 2048;

function compile(content: string, filename: string): vm.Script {
  const key = sha256(content);
  let script = scriptCache.get(key);
  if (!script) {
    // CommonJS shape without require: the file sets module.exports (or exports.x).
    script = new vm.Script(`(function (module, exports) {\n${content}\n})`, { filename, lineOffset: -1 });
    if (scriptCache.size >= SCRIPT_CACHE_LIMIT) scriptCache.delete(scriptCache.keys().next().value!);
    scriptCache.set(key, script);
  }
  return script;
}

/** A realm for one loaded harness: its files share it as the files of one program do. */
export interface Realm {
  context: vm.Context;
  /** Where the realm's Math.random draws from; the episode points it at its own seeded stream. */
  setRandom(next: () => number): void;
}

const REALM_PRELUDE = new vm.Script(`
  "use strict";
  Math.random = function () { return __random(); };
  var console = { log: function () {}, warn: function () {}, error: function () {} };
`);

export function createRealm(): Realm {
  let random: () => number = () => 0.5;
  const context = vm.createContext({ __random: () => random() });
  REALM_PRELUDE.runInContext(context);
  return { context, setRandom: (next) => { random = next; } };
}

/** Evaluates a module source in the realm and returns its exports. Throws on syntax or top-level errors. */
export function evaluateModule(realm: Realm, content: string, filename: string, timeoutMs = 1000): Record<string, unknown> {
  const wrapper = compile(content, filename).runInContext(realm.context, { timeout: timeoutMs }) as (
    module: { exports: unknown }, exports: unknown,
  ) => void;
  const module: { exports: unknown } = { exports: {} };
  // The module object is created here, so module.exports = … lands on a host object we can read.
  callWithTimeout(() => wrapper(module, module.exports), timeoutMs);
  const exports = module.exports;
  if (typeof exports !== "object" || exports === null) throw new Error("the module exports no object");
  return exports as Record<string, unknown>;
}

// One tiny script in its own context runs a host closure under a watchdog. The closure may call into any
// realm; the watchdog interrupts whatever JavaScript runs inside, host code included.
const guardContext = vm.createContext({ __fn: null as null | (() => unknown) });
const guardScript = new vm.Script("__fn()");

export class SandboxTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}

export function isVmTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT";
}

/** Calls fn under a watchdog; throws SandboxTimeout when it runs longer than timeoutMs. Nests. */
export function callWithTimeout<T>(fn: () => T, timeoutMs: number): T {
  const previous = guardContext.__fn;
  guardContext.__fn = fn;
  try {
    return guardScript.runInContext(guardContext, { timeout: Math.max(1, Math.ceil(timeoutMs)) }) as T;
  } catch (error) {
    if (isVmTimeout(error)) throw new SandboxTimeout(timeoutMs);
    throw error;
  } finally {
    guardContext.__fn = previous;
  }
}

/** Copies a value out of a realm into plain host JSON (drops functions, cycles throw). */
export function toHostJson<T>(value: unknown): T {
  return value === undefined ? (undefined as T) : (JSON.parse(JSON.stringify(value)) as T);
}
