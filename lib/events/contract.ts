// The event contract v1: the only way data enters the store (HTTP, sync, importers, demo, jobs).
import { z } from "zod";
import { ExperimentEvent, RunEvent, HarnessVersionEvent, CheckpointEvent, TaskEvent, MetricsEvent } from "./experiment-events";
import { RolloutEvent } from "./rollout-event";
import { SkillEvent, EvolutionRoundEvent, ProposalEvent, ComparisonEvent, DecisionEvent } from "./evolution-events";
import { EvalResultEvent, FailurePacketEvent, PatchEvaluationEvent } from "./evaluation-events";
import { SourceFileEvent } from "./source-file-event";

export const CONTRACT_VERSION = "v1";

/** Each event type and its schema, in the order the API page lists them. */
export const EVENT_SCHEMAS = {
  experiment: ExperimentEvent,
  run: RunEvent,
  harness_version: HarnessVersionEvent,
  checkpoint: CheckpointEvent,
  task: TaskEvent,
  metrics: MetricsEvent,
  source_file: SourceFileEvent,
  rollout: RolloutEvent,
  skill: SkillEvent,
  evolution_round: EvolutionRoundEvent,
  proposal: ProposalEvent,
  comparison: ComparisonEvent,
  decision: DecisionEvent,
  eval_result: EvalResultEvent,
  failure_packet: FailurePacketEvent,
  patch_evaluation: PatchEvaluationEvent,
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_SCHEMAS) as EventType[];

export const HarnessLabEvent = z.discriminatedUnion("type", [
  ExperimentEvent, RunEvent, HarnessVersionEvent, CheckpointEvent, TaskEvent, MetricsEvent, SourceFileEvent, RolloutEvent,
  SkillEvent, EvolutionRoundEvent, ProposalEvent, ComparisonEvent, DecisionEvent,
  EvalResultEvent, FailurePacketEvent, PatchEvaluationEvent,
]);

/** An event as a producer writes it (optional fields may be left out). */
export type HarnessLabEventInput = z.input<typeof HarnessLabEvent>;
/** An event after validation: defaults filled, times in ms. */
export type HarnessLabEvent = z.output<typeof HarnessLabEvent>;
export type EventOf<T extends EventType> = Extract<HarnessLabEvent, { type: T }>;

export interface EventProblem {
  /** Position of the event in the request body or file (0-based). */
  index: number;
  /** Dotted path of the field, e.g. "turns.3.role"; empty for the event as a whole. */
  path: string;
  message: string;
}

export type ValidationResult = { ok: true; event: HarnessLabEvent } | { ok: false; problems: EventProblem[] };

export function validateEvent(value: unknown, index: number): ValidationResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problems: [{ index, path: "", message: "an event must be a JSON object" }] };
  }
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !(type in EVENT_SCHEMAS)) {
    const shown = typeof type === "string" ? `"${type.slice(0, 64)}"` : "missing";
    return { ok: false, problems: [{ index, path: "type", message: `unknown event type ${shown}; expected one of ${EVENT_TYPES.join(", ")}` }] };
  }
  const parsed = EVENT_SCHEMAS[type as EventType].safeParse(value);
  if (parsed.success) return { ok: true, event: parsed.data as HarnessLabEvent };
  return {
    ok: false,
    problems: parsed.error.issues.slice(0, 20).map((issue) => ({
      index,
      path: issue.path.map(String).join("."),
      message: issue.message,
    })),
  };
}
