// Concrete tests for a template: draw argument lists, and write each call with the value the correct
// source returned for it as a self-contained check. Expected values are thus computed by running the
// reference itself (the generator does that in the sandbox), never written by hand.
import type { Rng } from "../random";
import type { TaskTest } from "../types";
import { hasGuardAfter, parseHeader } from "./guard";
import { callText, toLiteral } from "./literal";
import type { FunctionTemplate } from "./templates";

/** Longest test name; longer call texts are cut (and numbered when that makes two names equal). */
const MAX_NAME = 80;

/** True when the template's function starts with the guard that add-guard writes. */
export function isGuarded(source: string): boolean {
  const lines = source.split("\n");
  return lines.some((line, i) => parseHeader(line) !== null && hasGuardAfter(lines, i));
}

/**
 * The argument lists of a task's tests: the template's cases, plus (for a guarded function) a null and
 * an undefined first argument, so that a missing guard shows in two tests. Repeated calls are dropped.
 */
export function drawCases(template: FunctionTemplate, rng: Rng): unknown[][] {
  const cases = template.cases(rng);
  if (isGuarded(template.source) && cases.length > 0) {
    const rest = cases[0].slice(1);
    cases.push([null, ...rest], [undefined, ...rest]);
  }
  const seen = new Set<string>();
  return cases.filter((args) => {
    const call = callText(template.name, args);
    if (seen.has(call)) return false;
    seen.add(call);
    return true;
  });
}

/** One test per call: `check("f(1, 2)", () => mod.f(1, 2), <expected literal>)`, named after the call. */
export function testsFor(calls: readonly string[], expected: readonly unknown[], kinds: readonly TaskTest["kind"][]): TaskTest[] {
  const names = new Set<string>();
  return calls.map((call, i) => {
    let name = call.length > MAX_NAME ? `${call.slice(0, MAX_NAME - 1)}…` : call;
    for (let k = 2; names.has(name); k++) name = `${name.slice(0, MAX_NAME - 4)} #${k}`;
    names.add(name);
    return { name, kind: kinds[i], code: `check(${JSON.stringify(call)}, () => mod.${call}, ${toLiteral(expected[i])});` };
  });
}
