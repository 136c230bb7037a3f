// Which catalogue change is a real gain for THIS checkpoint (issue 16, the bench's "real gain" test)? A fixed
// pair (reproduce_first + inject_test_status) helps one trained policy and not another: a checkpoint that already
// solves many tasks turns mixed groups all-solved under it, so its trainable rate falls and the rule rightly
// rejects it. So the gain is chosen per checkpoint, and honestly:
//   1. the checkpoint's problems are classified from its own draws under H0 (selection streams);
//   2. the candidates are every catalogue component alone, the pairs of the three best by pass rate and the three
//      best by lower bound, and always the paper's pair;
//   3. each candidate's change of BOTH criteria (pass rate, trainable rate) is measured on selection streams,
//      groups of K per task and side, paired by (task, sample) with H0's draws;
//   4. the chosen gain is the candidate whose smaller lower bound (the rising rate's paired 95 % interval, the other
//      rate's one-sided 90 % bound) is largest, only if the first is above zero and the second not below: a pass rise
//      with the trainable rate not down, or the other way round, as the rule accepts (real-gain-choice.ts: the
//      largest point estimate among ~30 near-zero effects is the luckiest draw, not a gain).
// The chosen gain is then re-measured on streams of its own (expectedChange) and tried in comparisons on the
// protocol's streams: neither reuses a selection draw, so the tries test the rule, not the selection's luck.
import type { DemoContext } from "../reference-experiment/run/demo-context";
import type { HarnessFile } from "../reference-experiment/harness/types";
import type { SoftmaxPolicy } from "../reference-experiment/policy/softmax-policy";
import type { EpisodeResult } from "../reference-experiment/types";
import type { Rng } from "../reference-experiment/random";
import { runEpisode } from "../reference-experiment/episode/run-episode";
import { episodeStream } from "../reference-experiment/run/episode-streams";
import { applyComponents } from "../reference-experiment/harness/compose";
import { COMPONENTS, componentById } from "../reference-experiment/harness/components";
import { classifyProblems } from "../reference-experiment/teacher/classify-problems";
import { pairedBootstrap } from "../../lib/stats/paired-bootstrap";
import { addTransitions, groupState, groupTransitions, type GroupOutcome, type TransitionCounts } from "./reference-science-transitions";
import { gainLowerBound, pickRealGain, type GainCandidate } from "./real-gain-choice";

const round1 = (x: number) => Math.round(1000 * x) / 10;
/** Intervals the choice compares, to 0.01 pp: per-task changes move in steps of 1/(draws × tasks) ≈ 0.05 pp. */
const round2 = (x: number) => Math.round(10000 * x) / 100;

/** Per task of the comparison set, `groups` groups of K episodes of one harness, on streams named by (scope, task, sample). */
export function sideGroups(ctx: DemoContext, policy: SoftmaxPolicy, files: readonly HarnessFile[], rng: Rng, scope: string, groups: number): EpisodeResult[][][] {
  const k = ctx.config.comparisonRolloutsPerTask;
  const harness = ctx.harness(files);
  return ctx.suites.comparison.map((task) =>
    Array.from({ length: groups }, (_, g) =>
      Array.from({ length: k }, (_, j) => runEpisode({ task, harness, policy, rng: episodeStream(rng, scope, task, g * k + j), temperature: ctx.config.temperature }))));
}

/** Per task: pass rate and trainable rate (usable rollouts of mixed groups over all rollouts) over its groups. */
function perTaskRates(groups: EpisodeResult[][][]) {
  return groups.map((taskGroups) => {
    const n = taskGroups.reduce((a, g) => a + g.length, 0);
    const pass = taskGroups.reduce((a, g) => a + g.filter((e) => e.success).length, 0) / n;
    const trainable = taskGroups.reduce((a, g) => a + (groupState(g) === "mixed" ? g.filter((e) => !e.truncated).length : 0), 0) / n;
    return { pass, trainable };
  });
}

/** The candidate's change of each criterion over the base, paired by task, each mean with its 95 % interval. */
export function changeOf(base: EpisodeResult[][][], candidate: EpisodeResult[][][], seed: number) {
  const b = perTaskRates(base);
  const c = perTaskRates(candidate);
  const interval = (d: number[]) => {
    const e = pairedBootstrap(d, { seed, resamples: 2000 });
    return {
      change_pp: e.mean === null ? null : round1(e.mean), ci95_pp: e.ci95 ? e.ci95.map(round1) : null,
      /** The same interval to 0.01 pp, for the real-gain choice (0.1 pp rounds −0.04 to 0). */
      ci95_fine_pp: e.ci95 ? ([round2(e.ci95[0]), round2(e.ci95[1])] as [number, number]) : null,
      /** One-sided 90 % lower bound (mean − 1.28 se), to 0.01 pp: the real-gain choice's "not down" test. */
      lower90_pp: e.mean === null || e.se === null ? null : round2(e.mean - 1.2816 * e.se),
    };
  };
  const transitions: TransitionCounts = {};
  base.forEach((taskGroups, t) => {
    const side = (groups: EpisodeResult[][]) => new Map<string, GroupOutcome[]>(groups.map((g, i) => [String(i), g]));
    addTransitions(transitions, groupTransitions(side(taskGroups), side(candidate[t])));
  });
  return {
    rollouts_per_task_per_side: base[0]?.reduce((a, g) => a + g.length, 0) ?? 0,
    pass: interval(c.map((x, t) => x.pass - b[t].pass)),
    trainable: interval(c.map((x, t) => x.trainable - b[t].trainable)),
    group_transitions: transitions,
  };
}

/**
 * The candidate's expected change of each criterion on this policy: `groups` groups of K per task and side, on
 * streams of their own. Tells whether a rejected gain was unlucky or is no gain on that criterion.
 */
export function expectedChange(ctx: DemoContext, policy: SoftmaxPolicy, base: readonly HarnessFile[], candidate: readonly HarnessFile[], seed: number, groups = 6) {
  const rng = ctx.rng.fork("bench/expected");
  return changeOf(sideGroups(ctx, policy, base, rng, "expected", groups), sideGroups(ctx, policy, candidate, rng, "expected", groups), seed);
}

/** The paper's pair: a gain on some trained policies; always among the candidates so its figures are printed. */
export const PAPER_PAIR = ["reproduce_first", "inject_test_status"] as const;

export interface ChosenGain {
  /** The chosen components; null when no candidate's intervals showed a gain on the selection draws (pickRealGain). */
  components: string[] | null;
  how: string;
  /** The checkpoint's problems under H0 on the selection draws, most failed episodes first. */
  problems: Array<{ kind: string; episodes: number; failed: number }>;
  /** Every candidate measured, best first (by the smaller lower bound of its two changes' intervals). */
  candidates: GainCandidate[];
}

/** Chooses the catalogue gain of this checkpoint (see the file header). `groups` groups of K per task and side. */
export function chooseRealGain(ctx: DemoContext, policy: SoftmaxPolicy, h0: readonly HarnessFile[], seed: number, groups = 3): ChosenGain {
  const rng = ctx.rng.fork("bench/select");
  const base = sideGroups(ctx, policy, h0, rng, "select", groups);
  const report = classifyProblems(base.flatMap((taskGroups, t) => taskGroups.flat().map((episode, i) => ({ id: `t${t}-${i}`, episode }))));
  const measured = new Map<string, GainCandidate>();
  const measure = (components: string[]) => {
    const key = [...components].sort().join("+");
    if (measured.has(key)) return measured.get(key)!;
    const change = changeOf(base, sideGroups(ctx, policy, applyComponents(h0, components.map(componentById)), rng, "select", groups), seed);
    const candidate: GainCandidate = {
      components, pass_pp: change.pass.change_pp ?? 0, trainable_pp: change.trainable.change_pp ?? 0,
      pass_ci95_pp: change.pass.ci95_fine_pp, trainable_ci95_pp: change.trainable.ci95_fine_pp, trainable_lower90_pp: change.trainable.lower90_pp,
      pass_lower90_pp: change.pass.lower90_pp,
    };
    measured.set(key, candidate);
    return candidate;
  };
  // Every catalogue component alone: which one helps THIS checkpoint is the question, so the candidates do not
  // depend on the problem classification's ranking (a remedy of a problem outside its top three can be the gain).
  const singles = COMPONENTS.map((c) => measure([c.id]));
  // Pairs of the three singles that raise the pass rate most and the three with the best lower bounds: a rise of
  // one criterion may need a partner that keeps the other from falling.
  const byPass = [...singles].sort((a, b) => b.pass_pp - a.pass_pp).slice(0, 3);
  const byBound = [...singles].sort((a, b) => gainLowerBound(b) - gainLowerBound(a)).slice(0, 3);
  const best = [...new Set([...byPass, ...byBound])];
  for (let i = 0; i < best.length; i++) for (let j = i + 1; j < best.length; j++) measure([...best[i].components, ...best[j].components]);
  measure([...PAPER_PAIR]);
  const { ranked: candidates, chosen } = pickRealGain([...measured.values()]);
  const interval = (ci: [number, number] | null) => (ci ? `[${ci[0]}, ${ci[1]}]` : "none");
  const why = chosen
    ? `${chosen.components.join(" + ")}: pass ${chosen.pass_pp} pp ${interval(chosen.pass_ci95_pp)} (one-sided 90 % bound ${chosen.pass_lower90_pp}), trainable ${chosen.trainable_pp} pp ${interval(chosen.trainable_ci95_pp)} (one-sided 90 % bound ${chosen.trainable_lower90_pp}), smaller lower bound ${gainLowerBound(chosen)} pp, the largest of those that qualify`
    : `none qualifies (best: ${candidates[0]?.components.join(" + ") ?? "no candidate"}, smaller lower bound ${candidates[0] ? gainLowerBound(candidates[0]) : "none"} pp)`;
  return {
    components: chosen ? chosen.components : null,
    how: `chosen from ${candidates.length} catalogue candidates (every catalogue component alone, pairs of the three best by pass rate and the three best by lower bound, the paper's pair) `
      + `measured on ${groups * ctx.config.comparisonRolloutsPerTask} selection draws per task and side under H0: the one with one rate's paired 95 % interval above zero and the other's one-sided 90 % bound not below (as the rule accepts: either rate may be the one that rises), `
      + `the largest smaller lower bound first; ${why}; the re-measured change and the comparisons below use streams the selection never drew`,
    problems: report.problems.map((p) => ({ kind: p.kind, episodes: p.episodes, failed: p.failedEpisodes })),
    candidates,
  };
}
