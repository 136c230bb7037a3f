// All hostile inputs of one run, seeded: the full set (≥ 1,000) or CI's quick sample (≥ 250), which keeps
// every category and a seeded share of each. The same seed and context give the same cases, in the same order.
import { mulberry32 } from "../../lib/stats/prng";
import type { HostileCase, HostileContext } from "./hostile-case";
import { ingestCases } from "./hostile-ingest-cases";
import { readCases } from "./hostile-read-cases";
import { importCases } from "./hostile-import-cases";
import { signInCases } from "./hostile-sign-in-cases";

export const FULL_MINIMUM = 1_000;
export const QUICK_MINIMUM = 250;
/** Quick keeps this share of each category (at least QUICK_PER_CATEGORY cases of it). */
const QUICK_SHARE = 0.2;
const QUICK_PER_CATEGORY = 3;

export function generateHostileCases(ctx: HostileContext, options: { seed: number; quick: boolean }): HostileCase[] {
  const random = mulberry32(options.seed);
  const all = [
    ...ingestCases(ctx, random),
    ...readCases(ctx),
    ...importCases(ctx),
    // Enough wrong passwords to pass the per-user-and-address limit (10 in 15 minutes) and meet the 429.
    // (Every third attempt names an unknown user, so 20 give the known one 14 failures.)
    ...signInCases(ctx, options.quick ? 20 : 30),
  ];
  // A few generators can produce the same name twice (two mutations that read alike); ids stay unique.
  const seen = new Map<string, number>();
  for (const c of all) {
    const n = seen.get(c.id) ?? 0;
    seen.set(c.id, n + 1);
    if (n > 0) c.id = `${c.id}#${n}`;
  }
  if (!options.quick) return all;
  const byCategory = new Map<string, HostileCase[]>();
  for (const c of all) {
    const key = `${c.target}/${c.category}`;
    byCategory.set(key, [...(byCategory.get(key) ?? []), c]);
  }
  const kept = new Set<HostileCase>();
  for (const cases of byCategory.values()) {
    // The wrong-password series only shows the 429 when it is kept whole.
    const n = cases[0].category === "wrong_password" ? cases.length : Math.min(cases.length, Math.max(QUICK_PER_CATEGORY, Math.ceil(cases.length * QUICK_SHARE)));
    const shuffled = cases.map((c) => [random(), c] as const).sort((a, b) => a[0] - b[0]).slice(0, n);
    for (const [, c] of shuffled) kept.add(c);
  }
  return all.filter((c) => kept.has(c));
}

/** Counts per "target/category", per target, and per category — the figures the run prints. */
export function countCases(cases: HostileCase[]): { byTarget: Record<string, number>; byCategory: Record<string, number> } {
  const byTarget: Record<string, number> = {};
  const byCategory: Record<string, number> = {};
  for (const c of cases) {
    byTarget[c.target] = (byTarget[c.target] ?? 0) + 1;
    byCategory[`${c.target}/${c.category}`] = (byCategory[`${c.target}/${c.category}`] ?? 0) + 1;
  }
  return { byTarget, byCategory };
}
