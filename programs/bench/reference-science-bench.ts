// Figures of what the reference experiment shows (issue 16), per seed at the default size: does the policy learn
// (pass@1 of the final checkpoint under its final harness vs the untrained one under H0, training pass rate and
// truncation early vs late), can the comparison protocol tell a real gain from no change (20 A/A comparisons,
// 10 of a catalogue change that is a real gain for the trained checkpoint the last epoch's comparisons were decided on
// (chosen per checkpoint on draws of its own, reference-science-gain.ts), with the rule-noise estimate of each; the A/A
// on independent streams), the final checkpoint under its final harness vs H0 and HarnessAdapt-RL vs the GRPO baseline
// (paired Δ with intervals), and Harness-R1's trained vs untrained engineer and held-out gains with intervals and the
// correlations of each packet's mean reward with its baseline, an independent estimate and the baseline's luck.
// Numbers are whatever the runs produce; not a timed test.
import { runReferenceExperiment } from "../reference-experiment/run/reference-experiment";
import type { DemoSize } from "../reference-experiment/run/demo-config";
import type { EventSink } from "../reference-experiment/run/event-sink";
import { createDemoContext } from "../reference-experiment/run/demo-context";
import { demoConfig } from "../reference-experiment/run/demo-config";
import { demoIds } from "../reference-experiment/run/experiment-events";
import { compareCandidate } from "../reference-experiment/run/compare-candidate";
import { buildSuites } from "../reference-experiment/tasks/suites";
import { createRng } from "../reference-experiment/random";
import { h0Files } from "../reference-experiment/harness/h0";
import { applyComponents } from "../reference-experiment/harness/compose";
import { componentById } from "../reference-experiment/harness/components";
import { SoftmaxPolicy } from "../reference-experiment/policy/softmax-policy";
import { pairedBootstrap } from "../../lib/stats/paired-bootstrap";
import type { HarnessLabEventInput } from "../../lib/events/contract";
import { addTransitions, groupTransitions, type GroupOutcome, type TransitionCounts } from "./reference-science-transitions";
import { chooseRealGain, expectedChange, PAPER_PAIR } from "./reference-science-gain";
import { byStep, packetCorrelations } from "./harness-r1-packet-figures";

type Captured = Extract<HarnessLabEventInput, { type: "metrics" | "eval_result" | "checkpoint" | "harness_version" }>;

/** Keeps the few event types the figures need; drops rollouts (the bulk). */
function capturingSink(): EventSink & { events: Captured[] } {
  const events: Captured[] = [];
  return {
    events, client: null,
    send: async (event) => {
      if (event.type === "metrics" || event.type === "eval_result" || event.type === "checkpoint" || event.type === "harness_version") events.push(event as Captured);
    },
    flush: async () => {},
    counts: () => ({ applied: {}, unchanged: {} }),
  };
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const pp = (x: number) => round(100 * x, 1);

/** Mean over the first and the last third of a metric's steps. */
function earlyLate(values: readonly number[]): { early: number; late: number } {
  const third = Math.max(1, Math.floor(values.length / 3));
  return { early: round(mean(values.slice(0, third))), late: round(mean(values.slice(-third))) };
}

/** Paired over (suite, task): the mean success over repeats of the candidate label minus the base label's. */
function pairedEvalDelta(events: Captured[], run: string, checkpoint: string, base: string, candidate: string, seed: number) {
  return methodDelta(events, { run, checkpoint, version: base }, { run, checkpoint, version: candidate }, seed, true);
}

interface EvalCell { run: string; checkpoint: string; version: string }

/** Paired over (suite, task): `a` minus `b` (`swap`: b minus a), mean success over repeats, with its 95 % interval. */
function methodDelta(events: Captured[], first: EvalCell, second: EvalCell, seed: number, swap = false) {
  const perTask = (cell: EvalCell) => {
    const sums = new Map<string, { s: number; n: number }>();
    for (const e of events) {
      if (e.type !== "eval_result" || e.run !== cell.run || e.checkpoint !== cell.checkpoint || e.harness_version !== cell.version) continue;
      for (const r of e.results ?? []) {
        const key = `${e.benchmark}/${r.task}`;
        const cell = sums.get(key) ?? { s: 0, n: 0 };
        cell.s += r.success ? 1 : 0;
        cell.n += 1;
        sums.set(key, cell);
      }
    }
    return sums;
  };
  const [b, c] = swap ? [perTask(first), perTask(second)] : [perTask(second), perTask(first)];
  const d = [...b.keys()].filter((k) => c.has(k)).sort().map((k) => c.get(k)!.s / c.get(k)!.n - b.get(k)!.s / b.get(k)!.n);
  const estimate = pairedBootstrap(d, { seed, resamples: 5000 });
  return { delta_pp: estimate.mean === null ? null : pp(estimate.mean), ci95_pp: estimate.ci95 ? estimate.ci95.map(pp) : null, tasks: d.length };
}

/** Base and candidate groups of one comparison, paired by task (rollout ids end in -base-t{t}-k{k}). */
function comparisonTransitions(episodes: ReadonlyArray<{ id: string; episode: GroupOutcome }>): TransitionCounts {
  const sides = { base: new Map<string, GroupOutcome[]>(), candidate: new Map<string, GroupOutcome[]>() };
  for (const { id, episode } of episodes) {
    const m = /-(base|candidate)-t(\d+)-k\d+$/.exec(id);
    if (!m) continue;
    const groups = sides[m[1] as "base" | "candidate"];
    const group = groups.get(m[2]) ?? [];
    group.push({ success: episode.success, truncated: episode.truncated });
    groups.set(m[2], group);
  }
  return groupTransitions(sides.base, sides.candidate);
}

/**
 * The comparison protocol on a trained checkpoint's weights: `tries.aa` A/A comparisons, `tries.gain` of the
 * catalogue's real gain for this checkpoint (chooseRealGain: a change whose paired intervals on selection draws show
 * the pass rate up and the trainable rate not down; the paper's pair when none does, flagged by chosen.components =
 * null), and that gain's expected change. Separate so it can be re-run on a stored checkpoint.
 */
export async function protocolFigures(seed: number, size: DemoSize, weights: unknown, ids: ReturnType<typeof demoIds>, tries: { aa: number; gain: number }) {
  const config = demoConfig(size, seed);
  const ctx = createDemoContext({
    config, ids, suites: buildSuites(seed, size), sink: capturingSink(), rng: createRng(seed).fork("bench/protocol"), log: () => {}, review: { mode: "rule" },
  });
  const policy = SoftmaxPolicy.fromJSON(weights);
  const h0 = h0Files({ maxTurns: config.trainMaxTurns });
  // The real gain of THIS checkpoint: a catalogue change that reliably improves both criteria on draws of its own.
  const chosen = chooseRealGain(ctx, policy, h0, seed);
  const gain = applyComponents(h0, (chosen.components ?? [...PAPER_PAIR]).map(componentById));
  const protocol = async (label: string, n: number, candidate: typeof h0) => {
    let accepted = 0;
    // Why a try is rejected: which of the rule's two criteria moved which way.
    let passRose = 0;
    let trainableFell = 0;
    const noise: number[] = [];
    const passDiff: number[] = [];
    const trainableDiff: number[] = [];
    const transitions: TransitionCounts = {};
    for (let i = 0; i < n; i++) {
      const outcome = await compareCandidate(ctx, {
        experiment: "bench", run: "bench", comparisonId: `bench-${label}-${i}`, proposalId: `bench-${label}-${i}`, epoch: 0, policy,
        base: { harnessVersion: "H0", files: h0 }, candidate: { harnessVersion: label, files: candidate },
        // The A/A runs its identical sides on independent streams: on shared ones they are the same rollouts, and
        // "accepted 0 of 20" would test determinism, not the rule. The real gain runs as the experiment compares.
        streams: label === "aa" ? "independent" : "shared",
      });
      if (outcome.rule.verdict === "accept") accepted++;
      addTransitions(transitions, comparisonTransitions(outcome.episodes));
      if (outcome.noise) noise.push(outcome.noise.acceptRate);
      passDiff.push(outcome.candidate.passRate - outcome.base.passRate);
      trainableDiff.push(outcome.candidate.trainableRate - outcome.base.trainableRate);
      if (outcome.rule.passRateChangePp > 0) passRose++;
      if (outcome.rule.trainableRateChangePp < 0) trainableFell++;
    }
    return {
      accepted, of: n, pass_rate_rose: passRose, trainable_rate_fell: trainableFell,
      mean_pass_change_pp: pp(mean(passDiff)), mean_trainable_change_pp: pp(mean(trainableDiff)), mean_rule_noise: round(mean(noise)),
      group_transitions: transitions,
    };
  };
  const aa = await protocol("aa", tries.aa, h0);
  const real = await protocol("real-gain", tries.gain, gain);
  // What the real gain does to each criterion in expectation, from many more draws on streams of their own.
  const realExpected = expectedChange(ctx, policy, h0, gain, seed);
  return { aa, real: { components: chosen.components ?? [...PAPER_PAIR], ...real, expected: realExpected, chosen } };

}

export async function referenceScienceFigures(seed: number, size: DemoSize = "default", tries = { aa: 20, gain: 10 }) {
  const sink = capturingSink();
  const summary = await runReferenceExperiment({ seed, size, sink, review: "rule", log: () => {} });
  const ids = demoIds(seed, size);
  const adapt = `ref-${ids.tag}-harnessadapt-rl`;
  const final = summary.pass_at_1[adapt][summary.final_harness];
  const untrained = summary.pass_at_1_untrained[adapt].H0;
  const train = sink.events.filter((e): e is Extract<Captured, { type: "metrics" }> => e.type === "metrics" && e.run === `${adapt}-train`);
  const series = (key: string) => train.map((m) => Number(m.values[key] ?? 0));
  const checkpoints = sink.events.filter((e): e is Extract<Captured, { type: "checkpoint" }> => e.type === "checkpoint" && e.experiment === adapt);
  const lastCheckpoint = checkpoints.sort((a, b) => (b.step ?? 0) - (a.step ?? 0))[0];
  const h = (label: string) => `${adapt}-${label}`;
  const grpo = `ref-${ids.tag}-grpo`;
  const grpoLast = sink.events.filter((e): e is Extract<Captured, { type: "checkpoint" }> => e.type === "checkpoint" && e.experiment === grpo)
    .sort((a, b) => (b.step ?? 0) - (a.step ?? 0))[0];

  // The protocol on the trained policy the experiment's own comparisons were decided on: the last epoch starts with
  // its evolution rounds on the checkpoint the epochs before it trained, so that policy faces every comparison of
  // the last epoch; the final checkpoint faces none. (On the final checkpoints no catalogue change is a gain the rule
  // should accept in every seed: a large pass rise there turns mixed groups all-solved and lowers the trainable rate.)
  const config = demoConfig(size, seed);
  const comparedStep = config.stepsPerEpoch * (config.epochs - 1);
  const compared = checkpoints.find((c) => c.step === comparedStep);
  if (!compared) throw new Error(`no checkpoint at step ${comparedStep}, where the last epoch's comparisons were decided`);
  const { aa, real } = await protocolFigures(seed, size, compared.metadata?.weights, ids, tries);

  const r1 = summary.harness_r1;
  const gainPp = (g: { delta: number; ci95: [number, number] | null; tasks: number }) => ({ delta_pp: pp(g.delta), ci95_pp: g.ci95 ? g.ci95.map(pp) : null, tasks: g.tasks });
  return {
    seed,
    seconds: Object.values(summary.phases_seconds).reduce((a, b) => a + b, 0),
    pass_at_1: {
      untrained_h0: round(mean(Object.values(untrained))),
      final: round(mean(Object.values(final))),
      final_harness: summary.final_harness,
      gain_pp: pp(mean(Object.values(final)) - mean(Object.values(untrained))),
    },
    training: {
      pass_rate: earlyLate(series("critic/score/mean")), truncation: earlyLate(series("response_length/clip_ratio")),
      pass_rate_by_step: series("critic/score/mean").map((x) => round(x, 2)), truncation_by_step: series("response_length/clip_ratio").map((x) => round(x, 2)),
    },
    proposals: summary.proposals,
    harness_changed: summary.harness_changed,
    // The final harness against H0 on the final checkpoint, paired over the evaluation tasks (pass@1 over repeats).
    final_harness_vs_h0: pairedEvalDelta(sink.events, `${adapt}-eval`, lastCheckpoint.id, h("H0"), h(summary.final_harness), seed),
    // HarnessAdapt-RL (final checkpoint, final harness) against the GRPO baseline (final checkpoint, H0), paired over the
    // same evaluation tasks: with config.baselineSkills both trained with the same skills, so this is the harness.
    adapt_vs_grpo: methodDelta(sink.events, { run: `${adapt}-eval`, checkpoint: lastCheckpoint.id, version: h(summary.final_harness) },
      { run: `${grpo}-eval`, checkpoint: grpoLast.id, version: `${grpo}-H0` }, seed),
    pass_at_1_checkpoints: Object.keys(summary.pass_at_1_by_epoch[adapt] ?? {}).length + 2,
    protocol: { checkpoint_step: comparedStep, aa, real_gain: real },
    harness_r1: {
      best_patch: r1.best_patch,
      best_patch_picked: r1.best_patch_picked,
      engineer_vs_untrained: { ...r1.engineer_vs_untrained, difference_pp: pp(r1.engineer_vs_untrained.difference), ci95_pp: r1.engineer_vs_untrained.ci95?.map(pp) ?? null },
      trained_target: gainPp(r1.gain),
      unseen_targets: Object.fromEntries(Object.entries(r1.transfer).map(([k, v]) => [k, gainPp(v)])),
      packets: r1.packets.length,
      // Does the reward follow the packet (its difficulty: real) or the luck of its baseline draw (the artefact)?
      ...packetCorrelations(r1.packets),
      // The reward curve next to the packets' baselines: a curve that rises because later baselines were drawn low
      // would show here.
      mean_reward_by_step: byStep(r1.packets.map((p) => p.meanReward), config.packetsPerStep),
      baseline_by_step: byStep(r1.packets.map((p) => p.baseline), config.packetsPerStep),
      independent_baseline_by_step: byStep(r1.packets.map((p) => p.independentBaseline), config.packetsPerStep),
    },
  };
}

type ScienceFigures = Awaited<ReturnType<typeof referenceScienceFigures>>;
const interval = (ci: number[] | null | undefined) => (ci ? `[${ci[0]}, ${ci[1]}]` : "[none]");

/** One line per seed: every figure the protocol fixed, met or not (docs/reference-experiment.md). */
export function scienceTable(rows: readonly ScienceFigures[]): string[] {
  return rows.map((r) => [
    `seed ${r.seed}`,
    `${round(r.seconds, 1)} s`,
    `harness ${r.harness_changed ? "changed" : "= H0"} (${r.pass_at_1.final_harness})`,
    `final − H0 ${r.final_harness_vs_h0.delta_pp} pp ${interval(r.final_harness_vs_h0.ci95_pp)}`,
    `HarnessAdapt-RL − GRPO ${r.adapt_vs_grpo.delta_pp} pp ${interval(r.adapt_vs_grpo.ci95_pp)}`,
    `pass@1 at ${r.pass_at_1_checkpoints} checkpoints`,
    `A/A accepted ${r.protocol.aa.accepted} of ${r.protocol.aa.of}`,
    `real gain ${r.protocol.real_gain.components.join(" + ")}${r.protocol.real_gain.chosen.components ? "" : " (none qualified: the paper's pair)"} accepted ${r.protocol.real_gain.accepted} of ${r.protocol.real_gain.of} (expected pass ${r.protocol.real_gain.expected.pass.change_pp} pp, trainable ${r.protocol.real_gain.expected.trainable.change_pp} pp)`,
    `engineer − untrained ${r.harness_r1.engineer_vs_untrained.difference_pp} pp ${interval(r.harness_r1.engineer_vs_untrained.ci95_pp)}`,
  ].join(" | "));
}
