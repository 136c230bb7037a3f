// SWE-agent `.traj` → turns.
//
// Why `history` first: it is the conversation exactly as the model saw it — the system prompt, the
// demonstration, the task, and every observation rendered with its template (the "(Open file: …)"
// state lines included), with tool-call ids in function-calling runs. A reader of the viewer wants
// to judge the model's decisions against what it was shown, so the turns follow `history`.
// `trajectory` adds what history lacks: the raw command output of each step (→ `observation`, the
// turn's `content` stays the rendered text), and the answers SWE-agent rejected and requeried
// (format errors, blocked or syntactically broken commands), which never enter history. Those are
// spliced in where they happened, each followed by the agent's feedback (taken from the next step's
// `query`, the only place it is kept). Without history (or an empty one) the turns come from the
// steps alone, with the first step's `query` as the opening context when present.
// No step is ever dropped: a step history does not record (SWE-agent ≥ 1.1 may save a history of only the
// system prompt; the final `submit` step is often missing from it) becomes its own turns, in step order,
// where it happened. Every history message and every step is counted in the file's accounting.
import type { Tally } from "../accounting";
import type { TurnDraft } from "../types";
import { at, contentText, describe, expectArray, expectRecord, optNumber, optString, problem, readToolCalls, toolCallsAction, type JsonRecord } from "./swe-common";

export interface Step {
  index: number;
  thought: string;
  action: string;
  observation: string;
  response: string;
  executed: boolean;
  query?: unknown[];
  /** The step as stored, without `query` (each query repeats the whole conversation so far). */
  raw: JsonRecord;
}

/** How far ahead a history message may find its step: SWE-agent requeries at most a few times per step. */
const MAX_REQUERIES_AHEAD = 16;

export function readSteps(value: unknown): Step[] {
  return expectArray(value, "trajectory").map((item, index) => {
    const field = at("trajectory", index);
    const step = expectRecord(item, field);
    const text = (key: string) => optString(step, key, field) ?? "";
    const query = step.query === undefined || step.query === null ? undefined : expectArray(step.query, at(field, "query"));
    const executionTime = optNumber(step, "execution_time", field);
    const { query: _omitted, ...raw } = step;
    const observation = text("observation");
    return {
      index,
      thought: text("thought"),
      action: text("action"),
      observation,
      response: text("response"),
      executed: (executionTime !== undefined && executionTime > 0) || observation !== "",
      query,
      raw,
    };
  });
}

/** The feedback SWE-agent sent after rejecting `step`: the last message of the next step's query. */
function requeryFeedback(step: Step, next: Step | undefined): JsonRecord | undefined {
  const query = next?.query;
  if (!query || query.length < 2) return undefined;
  const last = query[query.length - 1];
  const rejected = query[query.length - 2];
  if (typeof last !== "object" || last === null || Array.isArray(last)) return undefined;
  if (typeof rejected !== "object" || rejected === null || Array.isArray(rejected)) return undefined;
  const feedback = last as JsonRecord;
  const answer = rejected as JsonRecord;
  const isRequery = feedback.role === "user" && feedback.message_type === "user" && answer.role === "assistant";
  return isRequery && answer.content === step.response ? feedback : undefined;
}

function stepAction(command: string, toolCalls: unknown, field: string): Record<string, unknown> | undefined {
  const calls = toolCalls === undefined || toolCalls === null ? [] : readToolCalls(toolCalls, at(field, "tool_calls"));
  if (calls.length > 0) return toolCallsAction(calls, command.trim() !== "" ? command.trim() : undefined);
  return command.trim() !== "" ? { command: command.trim() } : undefined;
}

function withReasoning(turn: TurnDraft, thought: string): TurnDraft {
  if (thought.trim() !== "") turn.reasoning = thought.trim();
  return turn;
}

/**
 * Whether SWE-agent rejected the step and asked again: its feedback is in the next step's query, or
 * (a file without queries) nothing was parsed out of the answer and nothing ran.
 */
function wasRejected(step: Step, next: Step | undefined): boolean {
  if (requeryFeedback(step, next)) return true;
  return next !== undefined && next.query === undefined && step.action.trim() === "" && !step.executed;
}

/** A step SWE-agent rejected: the answer (format_error unless it ran) and the feedback it got. */
function rejectedStepTurns(step: Step, next: Step | undefined): TurnDraft[] {
  const answer = withReasoning({ role: "assistant", content: step.response, raw: step.raw }, step.thought);
  const action = stepAction(step.action, undefined, at("trajectory", step.index));
  if (action) answer.action = action;
  if (!step.executed) answer.format_error = true;
  const turns = [answer];
  if (step.executed) turns.push({ role: "environment", content: step.observation, observation: step.observation, raw: step.raw });
  const feedback = requeryFeedback(step, next);
  if (feedback) turns.push({ role: "user", content: contentText(feedback.content, at(at("trajectory", step.index + 1), "query")), raw: feedback });
  return turns;
}

/**
 * The step a history message records: same action and thought; failing that, the same action (a
 * replayed run rewrites thoughts in one place and not the other); without an action, the same text.
 */
function findStep(steps: Step[], from: number, msg: JsonRecord): number {
  const end = Math.min(steps.length, from + MAX_REQUERIES_AHEAD);
  const sameAction = (step: Step) => (typeof msg.action === "string" ? msg.action === step.action : msg.content === step.response);
  for (let k = from; k < end; k++) {
    const step = steps[k]!;
    if (sameAction(step) && (typeof msg.thought !== "string" || msg.thought === step.thought)) return k;
  }
  for (let k = from; k < end; k++) if (sameAction(steps[k]!)) return k;
  return -1;
}

/** A step history does not hold: the answer with its action, and the output it got. */
function unrecordedStepTurns(step: Step): TurnDraft[] {
  const answer = withReasoning({ role: "assistant", content: step.response, raw: step.raw }, step.thought);
  const action = stepAction(step.action, undefined, at("trajectory", step.index));
  if (action) answer.action = action;
  return [answer, { role: "environment", content: step.observation, observation: step.observation }];
}

export function turnsFromHistory(history: unknown[], steps: Step[], tally: Tally): TurnDraft[] {
  const turns: TurnDraft[] = [];
  let next = 0; // the first step not yet placed
  let open: { step: Step; role: "environment" | "tool" } | null = null; // a placed step whose output is not yet shown
  let seenAssistant = false;

  const flushOpenObservation = () => {
    if (open && open.step.observation !== "") {
      turns.push({ role: open.role, content: open.step.observation, observation: open.step.observation, raw: open.step.raw });
    }
    open = null;
  };
  // Steps between the last placed one and the next history answer: the rejected ones are shown
  // where they happened; any other is a record history already holds under another shape.
  const placeUnrecorded = (until: number) => {
    for (; next < until; next++) {
      const step = steps[next]!;
      if (wasRejected(step, steps[next + 1])) turns.push(...rejectedStepTurns(step, steps[next + 1]));
      else turns.push(...unrecordedStepTurns(step));
      tally.turn();
    }
  };
  // History that holds no answer of the model (only the system prompt, say): the task and the rest of the
  // opening are in the first step's query; they follow history's own messages.
  const answers = history.some((m) => typeof m === "object" && m !== null && (m as JsonRecord).role === "assistant" && (m as JsonRecord).is_demo !== true);
  const opening = !answers && steps[0]?.query ? steps[0].query.slice(history.length) : [];

  history.forEach((item, i) => {
    const field = at("history", i);
    const msg = expectRecord(item, field);
    const role = msg.role;
    if (typeof role !== "string") problem(at(field, "role"), role === undefined ? "missing" : `must be text, got ${describe(role)}`);
    const content = contentText(msg.content, at(field, "content"));
    const isDemo = msg.is_demo === true;

    tally.turn();
    if (role === "system") {
      turns.push({ role: "system", content, raw: msg });
    } else if (role === "assistant" && !isDemo) {
      flushOpenObservation();
      let found = findStep(steps, next, msg);
      // No step with this action: a replay rewrote it in one place only; the next unplaced step is the one
      // this message records, in another shape.
      if (found < 0 && next < steps.length && !wasRejected(steps[next]!, steps[next + 1])) found = next;
      if (found >= 0) placeUnrecorded(found);
      const step = found >= 0 ? steps[found] : undefined;
      const thought = optString(msg, "thought", field) ?? step?.thought ?? "";
      const command = optString(msg, "action", field) ?? step?.action ?? "";
      const turn = withReasoning({ role: "assistant", content, raw: msg }, thought);
      const action = stepAction(command, msg.tool_calls, field);
      if (action) turn.action = action;
      turns.push(turn);
      seenAssistant = true;
      if (step) {
        tally.merged(); // the step gives this turn's output (below) and its raw record
        next = found + 1;
        open = { step, role: Array.isArray(msg.tool_calls) && msg.tool_calls.length > 0 ? "tool" : "environment" };
      }
    } else if (role === "user" || role === "tool" || role === "assistant") {
      if (!seenAssistant || isDemo) {
        // The task, the demonstration (a worked example shown to the model, not the model's own acts).
        turns.push({ role: "user", content, raw: msg });
        return;
      }
      const turn: TurnDraft = { role: role === "tool" ? "tool" : "environment", content, raw: msg };
      turn.observation = open ? open.step.observation : content;
      open = null;
      turns.push(turn);
    } else {
      problem(at(field, "role"), `unknown role "${role.slice(0, 40)}" (expected system, user, assistant or tool)`);
    }
  });
  flushOpenObservation();
  opening.forEach((item, i) => {
    const field = at("trajectory.0.query", history.length + i);
    const msg = expectRecord(item, field);
    turns.push({ role: msg.role === "system" ? "system" : "user", content: contentText(msg.content, at(field, "content")), raw: msg });
  });
  placeUnrecorded(steps.length);
  return turns;
}

export function turnsFromSteps(steps: Step[], tally: Tally): TurnDraft[] {
  const turns: TurnDraft[] = [];
  const opening = steps[0]?.query ?? [];
  opening.forEach((item, i) => {
    const field = at("trajectory.0.query", i);
    const msg = expectRecord(item, field);
    const content = contentText(msg.content, at(field, "content"));
    turns.push({ role: msg.role === "system" ? "system" : "user", content, raw: msg });
  });
  steps.forEach((step, i) => {
    const next = steps[i + 1];
    tally.turn();
    if (wasRejected(step, next)) {
      turns.push(...rejectedStepTurns(step, next));
      return;
    }
    const answer = withReasoning({ role: "assistant", content: step.response, raw: step.raw }, step.thought);
    const action = stepAction(step.action, undefined, at("trajectory", i));
    if (action) answer.action = action;
    turns.push(answer);
    turns.push({ role: "environment", content: step.observation, observation: step.observation });
  });
  return turns;
}
