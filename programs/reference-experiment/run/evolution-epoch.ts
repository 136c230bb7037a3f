// The start of a HarnessAdapt-RL epoch: preparation rollouts, mechanism-level skills from success/failure
// pairs, then up to R propose → compare → decide rounds against the incumbent harness — once the policy solves
// mixed groups of attempts to give the comparisons a signal (config.evolutionMinMixedRatio).
import type { DemoContext } from "./demo-context";
import { harnessVersionEvent, rolloutEvent } from "./experiment-events";
import { compareCandidate } from "./compare-candidate";
import type { Incumbent } from "./training-loop";
import type { LabelledRollout } from "./train-step";
import { runEpisode } from "../episode/run-episode";
import { episodeStream } from "./episode-streams";
import type { SoftmaxPolicy } from "../policy/softmax-policy";
import type { RepairTask } from "../types";
import { classifyProblems, PROBLEM_KINDS } from "../teacher/classify-problems";
import { proposeChange, type ProposalHistoryEntry } from "../teacher/propose";
import { checkSkill, writeMechanismSkill } from "../teacher/skills";
import { applyComponents } from "../harness/compose";
import { componentById } from "../harness/components";
import { waitForHumanDecision, type HumanDecision } from "./human-gate";
import { formatNoiseRate } from "../../../lib/stats/rule-noise-text";
import { mixedGroupShare } from "./learning-signal";
import { pairedDecision } from "./paired-decision";

export interface EvolutionResult {
  incumbent: Incumbent;
  skills: Map<string, string[]>;
  /** The accepted proposal whose candidate became the incumbent last, if any. */
  lastAccepted?: string;
  /** Set when no proposal was made because the policy had no learning signal yet: why, in words. */
  waited?: string;
}

export async function evolutionEpoch(ctx: DemoContext, input: {
  experiment: string; run: string; epoch: number; policy: SoftmaxPolicy; incumbent: Incumbent; tasks: readonly RepairTask[];
  recent: readonly LabelledRollout[]; history: ProposalHistoryEntry[];
}): Promise<EvolutionResult> {
  const { config } = ctx;
  const { experiment, run, epoch } = input;
  let incumbent = input.incumbent;
  let lastAccepted: string | undefined;

  // Preparation: two attempts per task, so successes and failures of the same task can be compared.
  const prepared: LabelledRollout[] = [];
  const skills = new Map<string, string[]>();
  for (const [t, task] of input.tasks.slice(0, config.preparationTasks).entries()) {
    const group = `${run}-prep-e${epoch}-t${t}`;
    const pair = [0, 1].map((k) => {
      const episode = runEpisode({ task, harness: ctx.harness(incumbent.files), policy: input.policy, rng: episodeStream(ctx.rng, `${experiment}/prep/${epoch}`, task, k), temperature: config.temperature });
      return { id: `${group}-k${k}`, task, episode };
    });
    for (const [k, r] of pair.entries()) {
      await ctx.sink.send(rolloutEvent({ id: r.id, experiment, run, task: ctx.ids.taskId(task), harnessVersion: incumbent.id, purpose: "preparation", epoch, group, sampleIndex: k }, r.episode));
    }
    prepared.push(...pair);
    const success = pair.find((r) => r.episode.success);
    const failure = pair.find((r) => !r.episode.success);
    if (success && failure) {
      const text = writeMechanismSkill(success.episode, failure.episode, task);
      // A skill that leaks paths, symbols or code would be a near-answer hint, not a mechanism: not given.
      if (checkSkill(text, task).ok) {
        skills.set(task.id, [text]);
        await ctx.sink.send({ type: "skill", id: `${experiment}-skill-e${epoch}-t${t}`, experiment, kind: "mechanism", task: ctx.ids.taskId(task), epoch, text, source_rollouts: [success.id, failure.id] });
      }
    }
  }
  ctx.count(experiment, "preparation", prepared.length);

  // Evolution after learning: harnesses are judged on a policy whose attempts give the rule a signal — groups of
  // attempts at one task (the last epoch's training groups, this epoch's preparation pairs) holding both a success
  // and a failure. An untrained policy that fails almost everywhere has none, and would favour hooks that hold
  // its blind submissions back, which the trained policy then pays for in truncated rollouts.
  const signal = mixedGroupShare([...input.recent, ...prepared].map((r) => ({ id: r.id, success: r.episode.success })));
  if (signal.share < config.evolutionMinMixedRatio) {
    const waited = `${Math.round(100 * signal.share)} % of the policy's ${signal.groups} latest groups of attempts held both a success and a failure (proposals start at ${Math.round(100 * config.evolutionMinMixedRatio)} %)`;
    ctx.log(`  epoch ${epoch}: no proposals yet: ${waited}`);
    return { incumbent, skills, waited };
  }

  // The current checkpoint's classified problems: its latest training groups and this epoch's preparation pairs.
  const problems = classifyProblems([...input.recent, ...prepared].map((r) => ({ id: r.id, episode: r.episode })),
    config.teacherSeesTruncation ? { kinds: PROBLEM_KINDS } : {});
  for (let round = 0; round < config.roundsPerEpoch; round++) {
    const proposal = proposeChange({
      problems, incumbentComponents: incumbent.components, history: input.history,
      rng: ctx.rng.fork(`${experiment}/teacher/${epoch}/${round}`), followUps: config.teacherFollowUps, withheld: config.teacherWithholds,
      revisions: config.teacherRevisions, revisionsPerIdea: config.teacherRevisionsPerIdea,
    });
    if (!proposal) {
      ctx.log(`  epoch ${epoch} round ${round}: the teacher has nothing left to propose`);
      break;
    }
    const roundId = `${experiment}-e${epoch}-r${round}`;
    const proposalId = `${roundId}-proposal`;
    const candidate: Incumbent = {
      id: `${roundId}-candidate`,
      // Named after what it really holds: the incumbent (which may itself be an accepted candidate) plus the new components.
      label: `${incumbent.label}+${proposal.componentIds.filter((c) => !incumbent.components.includes(c)).join("+")}`,
      files: applyComponents(incumbent.files, proposal.componentIds.map(componentById)),
      components: [...incumbent.components, ...proposal.componentIds],
    };
    await ctx.sink.send({ type: "evolution_round", id: roundId, experiment, run, epoch, index: round, incumbent: incumbent.id });
    await ctx.sink.send(harnessVersionEvent({
      id: candidate.id, experiment, label: candidate.label, parent: incumbent.id, origin: "proposal", originProposal: proposalId,
      description: proposal.title, files: candidate.files,
    }));
    await ctx.sink.send({
      type: "proposal", id: proposalId, experiment, round: roundId, kind: "tool_hook", title: proposal.title,
      problem: proposal.problem.replace(/_/g, " "), rationale: proposal.rationale, teacher: "rule-based teacher (programs/reference-experiment/teacher)",
      base: incumbent.id, candidate: candidate.id, parent: proposal.parentProposalId,
      evidence: proposal.evidence.map((rollout) => ({ rollout })),
    });
    const outcome = await compareCandidate(ctx, {
      experiment, run, comparisonId: `${roundId}-comparison`, proposalId, epoch, policy: input.policy,
      base: { harnessVersion: incumbent.id, files: incumbent.files }, candidate: { harnessVersion: candidate.id, files: candidate.files },
    });
    // The reference trainer's rule: the paper's, plus (config.ruleDeparture) a paired test of the rising rate.
    const decided = config.ruleDeparture === "paired-test" && outcome.paired ? pairedDecision(outcome.rule, outcome.paired) : null;
    const ruleVerdict = decided?.verdict ?? outcome.rule.verdict;
    const ruleReason = decided?.reason ?? outcome.rule.reason;
    let verdict = ruleVerdict;
    let human: HumanDecision | null = null;
    if (ctx.review.mode === "human" && ctx.sink.client) {
      // The person's decision must be on a proposal the server already holds, with its comparison.
      await ctx.sink.flush();
      human = await waitForHumanDecision(ctx.sink.client, {
        experiment, proposalId, title: proposal.title, ruleSays: ruleReason, timeoutMs: ctx.review.timeoutMs, log: ctx.log,
      });
    }
    if (human) {
      verdict = human.verdict;
      ctx.log(`  epoch ${epoch} round ${round}: ${proposal.componentIds.join(" + ")} — ${human.actor} decided: ${human.verdict}${human.reason ? ` (${human.reason})` : ""}; the rule said ${ruleReason}`);
    } else {
      const timedOut = ctx.review.mode === "human";
      await ctx.sink.send({
        type: "decision", id: `${proposalId}-decision`, proposal: proposalId, verdict: ruleVerdict, actor: "acceptance-rule",
        reason: timedOut ? `no decision by a person within ${Math.round(ctx.review.mode === "human" ? ctx.review.timeoutMs / 60_000 : 0)} min, so the rule decided: ${ruleReason}` : ruleReason,
        rule_verdict: {
          ...outcome.rule, base: outcome.base, candidate: outcome.candidate, ...(outcome.noise ? { rule_noise: { ...outcome.noise } } : {}),
          ...(decided ? { verdict: decided.verdict, reason: decided.reason, paper_verdict: decided.paperVerdict, paired_test: { ...decided.evidence } } : {}),
        },
      });
      ctx.log(`  epoch ${epoch} round ${round}: ${proposal.componentIds.join(" + ")} — ${ruleReason}${outcome.noise ? ` (a no-effect candidate is accepted ${formatNoiseRate(outcome.noise.acceptRate)} of the time here)` : ""}`);
    }
    const accepted = verdict === "accept";
    input.history.push({ componentIds: proposal.componentIds, accepted, proposalId });
    if (accepted) {
      incumbent = candidate;
      lastAccepted = proposalId;
    }
  }
  return { incumbent, skills, lastAccepted };
}
