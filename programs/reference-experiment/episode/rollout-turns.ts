// An episode's turns in the shape of the rollout event (lib/events/rollout-event.ts): snake_case keys,
// format_error always present, hook messages with their lifecycle position. Keys that have no value are
// left out rather than sent as undefined, so the event's canonical JSON (and its content hash) does not
// depend on how a turn was built.
import type { EpisodeResult, HookMessage } from "../types";

export interface RolloutTurn {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  reasoning?: string;
  action?: Record<string, unknown>;
  observation?: string;
  return_code?: number;
  format_error: boolean;
  hooks: Array<{ position: HookMessage["position"]; hook: string; effect: HookMessage["effect"]; message: string }>;
}

export function episodeToRolloutTurns(result: Pick<EpisodeResult, "turns">): RolloutTurn[] {
  return result.turns.map((turn) => {
    const out: RolloutTurn = {
      role: turn.role,
      content: turn.content,
      format_error: turn.formatError === true,
      hooks: turn.hooks.map((m) => ({ position: m.position, hook: m.hook, effect: m.effect, message: m.message })),
    };
    if (turn.reasoning !== undefined) out.reasoning = turn.reasoning;
    if (turn.action !== undefined) out.action = { ...turn.action } as Record<string, unknown>;
    if (turn.observation !== undefined) out.observation = turn.observation;
    if (turn.returnCode !== undefined) out.return_code = turn.returnCode;
    return out;
  });
}
