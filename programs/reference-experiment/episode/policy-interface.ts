// The contract between the episode loop and a policy. The policy sees only the DecisionContext the
// episode builds from what the agent was shown — never the hidden tests or the reference — and must be
// a pure function of (ctx, rng, temperature): an episode may be replayed (see run-episode.ts), and the
// same seed must give the same rollout.
import type { Rng } from "../random";
import type { AgentAction, DecisionContext } from "../types";

export interface EpisodeDecision {
  action: AgentAction;
  /** One line for the trajectory: why this action, in words. */
  reasoning: string;
  /** Whatever the policy needs later for its update; collected in EpisodeResult.decisions, in order. */
  decision: unknown;
}

export interface EpisodePolicy {
  decide(ctx: DecisionContext, rng: Rng, temperature: number): EpisodeDecision;
}
