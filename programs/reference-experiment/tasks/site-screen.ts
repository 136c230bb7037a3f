// Which bug sites are worth drawing. Some injections can never make a task: they run away on almost
// any input (a loop that no longer ends), or break nearly every call (no tests left to keep passing),
// or change nothing the tests can see. Drawing them only costs generation attempts, so each template's
// sites are screened once, on a fixed probe draw of its cases, and the hopeless ones are left out.
//
// The screen is a pure function of the catalogue (its probe seed is fixed, not the task's), so the
// memo below never makes generation depend on what was generated before: same seed, same tasks.
// Every task is still verified on its own tests afterwards.
import { createRng } from "../random";
import { BUG_FAMILIES, type BugFamily } from "../types";
import { bugSites, type BugSite } from "./bug-families";
import { applyInjection } from "./edit-operators";
import { toLiteral } from "./literal";
import type { TestSandbox } from "./sandbox";
import { GENERATOR_RUN_OPTIONS } from "./generator-runs";
import { drawCases } from "./task-tests";
import type { FunctionTemplate } from "./templates";

const PROBE_SEED = 0x5eed;
const PROBE_DRAWS = 2;

const screened = new Map<string, Map<BugFamily, BugSite[]>>();

/** The template's injectable sites of a family that can make a task (see above). */
export function screenedSites(template: FunctionTemplate, family: BugFamily, sandbox: TestSandbox, minPassing: number): BugSite[] {
  const key = `${template.dialect}/${template.slug}/${minPassing}`;
  let byFamily = screened.get(key);
  if (!byFamily) {
    byFamily = screen(template, sandbox, minPassing);
    screened.set(key, byFamily);
  }
  return byFamily.get(family) ?? [];
}

function screen(template: FunctionTemplate, sandbox: TestSandbox, minPassing: number): Map<BugFamily, BugSite[]> {
  const rng = createRng(PROBE_SEED).fork(template.slug);
  const argLists = Array.from({ length: PROBE_DRAWS }, () => drawCases(template, rng)).flat();
  const sites = BUG_FAMILIES.flatMap((family) => bugSites(template.source, family));
  const variants = sites.map((site) => {
    const result = applyInjection(template.source, site.line, site.injection);
    if (!result.ok) throw new Error(`${template.slug}: ${result.error}`);
    return result.source;
  });
  const evaluate = { fn: template.name, argLists };
  const [reference, ...runs] = sandbox.runGroups([template.source, ...variants].map((source) => ({ source, evaluate })), {
    ...GENERATOR_RUN_OPTIONS,
    maxTimeouts: Number.POSITIVE_INFINITY,
  });
  const expected = reference.map((r) => (r.passed ? toLiteral(r.value) : null));
  const out = new Map<BugFamily, BugSite[]>();
  sites.forEach((site, k) => {
    const run = runs[k];
    if (run.some((r) => r.timedOut)) return;
    const answered = expected.filter((e) => e !== null).length;
    const failing = run.filter((r, i) => expected[i] !== null && (!r.passed || toLiteral(r.value) !== expected[i])).length;
    if (failing === 0 || answered - failing < minPassing) return;
    out.set(site.family, [...(out.get(site.family) ?? []), site]);
  });
  return out;
}
