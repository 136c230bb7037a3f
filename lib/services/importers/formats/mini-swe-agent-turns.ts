// mini-swe-agent messages → turns. One message is one turn, in file order, so the viewer's turn
// numbers match the message indices a researcher sees in the file (and `raw` is that message).
//   system → system; the task (user messages before the first model answer) → user;
//   assistant → assistant: reasoning = the text outside the action block, action = {command} or the
//     tool calls; v1 text actions are the single ```bash block the agent itself would have parsed;
//   observations → "environment" (v1: user messages answering a command) or "tool" (1.1 tool results),
//     observation = the command's output, return_code from <returncode> (or extra.returncode);
//   format-error feedback (the agent telling the model it gave zero or several actions) → user, and
//     the assistant turn it answers gets format_error: true;
//   1.1's final {role: "exit"} message → environment (it carries the submission or the exit reason).
import type { TurnDraft } from "../types";
import { Tally, type Accounting } from "../accounting";
import { contentText, describe, expectRecord, isRecord, optCount, problem, readToolCalls, toolCallsAction, type JsonRecord } from "./swe-common";
import { splitObservation } from "./swe-observation";
import { fencedBlocks, type FencedBlock } from "./swe-fenced-blocks";
import { responseAssistantTurn } from "./mini-swe-agent-responses";

export type MiniVersion = "1" | "1.1" | "legacy";

export interface MiniTurnOptions {
  version: MiniVersion;
  /** The fixed opening of the configured format_error_template, to recognise its feedback messages. */
  formatErrorPrefix?: string;
}

export interface MiniTurns {
  turns: TurnDraft[];
  promptTokens?: number;
  completionTokens?: number;
  /** What the 1.1 exit message says (used when `info` lacks it). */
  exit?: { exitStatus?: string; submission?: string };
  /** The earliest and latest `extra.timestamp` (seconds since the epoch; 1.1 stamps each message). */
  firstTimestamp?: number;
  lastTimestamp?: number;
  /** One message is one turn: every message is counted. */
  accounting: Accounting;
}

/** The assistant turn still waiting for the observations of its actions. */
interface Pending {
  turn: TurnDraft;
  /** False when the agent could not parse an action out of the answer. */
  parsed: boolean;
  expected: number;
  answered: number;
}

// The v1 agent's own action rule (DefaultAgent.parse_action): exactly one ```bash block.
const V1_ACTION_LANGUAGES = ["bash"];
// 1.1 text-based models use ```mswea_bash_command by default; accept both when `extra.actions` is missing.
// The legacy bare list is written by versions on both sides of that change (mini-swe-agent's own test data
// has ```mswea_bash_command blocks in a bare list), so it accepts both too.
const V11_ACTION_LANGUAGES = ["bash", "mswea_bash_command"];

export function miniTurns(messages: unknown[], options: MiniTurnOptions): MiniTurns {
  const turns: TurnDraft[] = [];
  const tally = new Tally("messages");
  const out: MiniTurns = { turns, accounting: tally.accounting };
  let pending: Pending | null = null;
  let seenAssistant = false;

  const addTokens = (usage: unknown, field: string, turn: TurnDraft) => {
    if (!isRecord(usage)) return;
    const prompt = optCount(usage, "prompt_tokens", field) ?? optCount(usage, "input_tokens", field);
    const completion = optCount(usage, "completion_tokens", field) ?? optCount(usage, "output_tokens", field);
    if (prompt !== undefined) out.promptTokens = (out.promptTokens ?? 0) + prompt;
    if (completion !== undefined) {
      out.completionTokens = (out.completionTokens ?? 0) + completion;
      turn.tokens = completion;
    }
  };

  messages.forEach((message, i) => {
    const field = `messages.${i}`;
    const msg = expectRecord(message, field);
    const extra = isRecord(msg.extra) ? msg.extra : undefined;
    tally.turn();
    const stamp = extra && typeof extra.timestamp === "number" && Number.isFinite(extra.timestamp) && extra.timestamp > 0 ? extra.timestamp : undefined;
    if (stamp !== undefined) {
      out.firstTimestamp = Math.min(out.firstTimestamp ?? stamp, stamp);
      out.lastTimestamp = Math.max(out.lastTimestamp ?? stamp, stamp);
    }

    // OpenAI Responses API items (1.1 with a *_response model) have no chat role of their own.
    if (msg.role === undefined && msg.object === "response") {
      const turn = responseAssistantTurn(msg, field);
      addTokens(msg.usage, `${field}.usage`, turn.turn);
      turns.push(turn.turn);
      seenAssistant = true;
      pending = { turn: turn.turn, parsed: turn.calls > 0, expected: turn.calls, answered: 0 };
      return;
    }
    if (msg.role === undefined && msg.type === "function_call_output") {
      const text = contentText(msg.output, `${field}.output`);
      turns.push(observationTurn("tool", text, extra, msg));
      if (pending) pending.answered++;
      return;
    }

    const role = msg.role;
    if (typeof role !== "string") problem(`${field}.role`, role === undefined ? "missing" : `must be text, got ${describe(role)}`);
    const content = contentText(msg.content, `${field}.content`);

    switch (role) {
      case "system":
        turns.push({ role: "system", content, raw: msg });
        return;
      case "assistant": {
        const built = assistantTurn(msg, content, extra, field, options.version);
        if (extra) addTokens(isRecord(extra.response) ? extra.response.usage : undefined, `${field}.extra.response.usage`, built.turn);
        turns.push(built.turn);
        seenAssistant = true;
        pending = { turn: built.turn, parsed: built.expected > 0, expected: built.expected, answered: 0 };
        return;
      }
      case "tool":
        turns.push(observationTurn("tool", content, extra, msg));
        if (pending) pending.answered++;
        return;
      case "exit": {
        const turn: TurnDraft = { role: "environment", content, raw: msg };
        // The submit command's output ends the run: it becomes that command's observation.
        if (pending && pending.parsed && pending.answered < pending.expected) turn.observation = content;
        turns.push(turn);
        pending = null;
        out.exit = {
          exitStatus: extra && typeof extra.exit_status === "string" ? extra.exit_status : undefined,
          submission: extra && typeof extra.submission === "string" ? extra.submission : undefined,
        };
        return;
      }
      case "user": {
        if (!seenAssistant) {
          turns.push({ role: "user", content, raw: msg });
          return;
        }
        if (isFormatErrorFeedback(content, extra, pending, options)) {
          const feedback: TurnDraft = { role: "user", content, raw: msg };
          if (pending && pending.answered === 0) pending.turn.format_error = true;
          else if (extra && typeof extra.model_response === "string") {
            // 1.1 does not keep the unparseable answer as a message; it survives in the feedback's extra.
            turns.push({ role: "assistant", content: extra.model_response, format_error: true });
          } else feedback.format_error = true; // nothing else to carry the flag: one flag per format error
          turns.push(feedback);
          pending = null;
          return;
        }
        const isObservation =
          (pending !== null && pending.parsed && pending.answered < pending.expected) ||
          (extra !== undefined && ("returncode" in extra || "raw_output" in extra));
        if (isObservation) {
          turns.push(observationTurn("environment", content, extra, msg));
          if (pending) pending.answered++;
          return;
        }
        // A message from the harness or a person that answers no command (e.g. a limit notice).
        turns.push({ role: "user", content, raw: msg });
        return;
      }
      default:
        problem(`${field}.role`, `unknown role "${role.slice(0, 40)}" (expected system, user, assistant, tool or exit)`);
    }
  });
  return out;
}

function isFormatErrorFeedback(content: string, extra: JsonRecord | undefined, pending: Pending | null, options: MiniTurnOptions): boolean {
  if (extra && extra.interrupt_type === "FormatError") return true;
  if (options.version === "1.1") return false; // 1.1 always tags its feedback
  if (pending && pending.answered === 0 && !pending.parsed) return true;
  return options.formatErrorPrefix !== undefined && options.formatErrorPrefix.length >= 12 && content.startsWith(options.formatErrorPrefix);
}

function observationTurn(role: "environment" | "tool", content: string, extra: JsonRecord | undefined, raw: JsonRecord): TurnDraft {
  const split = jsonObservation(content) ?? splitObservation(content);
  const turn: TurnDraft = { role, content, observation: split.output, raw };
  // 1.1 keeps the unrendered output and return code next to the rendered text; prefer them.
  if (extra && typeof extra.raw_output === "string") turn.observation = extra.raw_output;
  const code = extra && Number.isInteger(extra.returncode) ? (extra.returncode as number) : split.returnCode;
  if (code !== undefined) turn.return_code = code;
  return turn;
}

/** Tool-calling configs render the observation as JSON: {"returncode": 0, "output": "…"}. */
function jsonObservation(content: string): { returnCode?: number; output: string } | undefined {
  if (!content.trimStart().startsWith("{")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || !Number.isInteger(parsed.returncode)) return undefined;
  const returnCode = parsed.returncode as number;
  return { returnCode, output: typeof parsed.output === "string" ? parsed.output : content };
}

function assistantTurn(
  msg: JsonRecord,
  content: string,
  extra: JsonRecord | undefined,
  field: string,
  version: MiniVersion,
): { turn: TurnDraft; expected: number } {
  const turn: TurnDraft = { role: "assistant", content, raw: msg };
  const toolCalls = msg.tool_calls === undefined || msg.tool_calls === null ? [] : readToolCalls(msg.tool_calls, `${field}.tool_calls`);
  const extraCommands = version === "1.1" ? commandsOf(extra, `${field}.extra.actions`) : [];

  if (toolCalls.length > 0) {
    turn.action = toolCallsAction(toolCalls, extraCommands.length === 1 ? extraCommands[0] : undefined);
    setReasoning(turn, content);
    return { turn, expected: toolCalls.length };
  }
  const blocks = fencedBlocks(content, version === "1" ? V1_ACTION_LANGUAGES : V11_ACTION_LANGUAGES);
  const commands = extraCommands.length > 0 ? extraCommands : blocks.length === 1 ? [blocks[0]!.body.trim()] : [];
  if (commands.length === 1) turn.action = { command: commands[0] };
  else if (commands.length > 1) turn.action = { commands };
  setReasoning(turn, removeBlocks(content, blocks));
  return { turn, expected: commands.length };
}

/** 1.1 records the parsed actions on the message: extra.actions = [{command, tool_call_id?}]. */
function commandsOf(extra: JsonRecord | undefined, field: string): string[] {
  if (!extra || extra.actions === undefined || extra.actions === null) return [];
  if (!Array.isArray(extra.actions)) problem(field, "must be a list of actions");
  return extra.actions.map((action, i) => {
    const record = expectRecord(action, `${field}.${i}`);
    if (typeof record.command !== "string") problem(`${field}.${i}.command`, `must be text, got ${describe(record.command)}`);
    return record.command;
  });
}

function removeBlocks(content: string, blocks: FencedBlock[]): string {
  if (blocks.length === 0) return content;
  let text = "";
  let at = 0;
  for (const block of blocks) {
    text += content.slice(at, block.start);
    at = block.end;
  }
  return text + content.slice(at);
}

function setReasoning(turn: TurnDraft, text: string): void {
  // The instance template asks for a "THOUGHT:" section; the label itself is not part of the thought.
  const thought = text.trim().replace(/^THOUGHT:\s*/i, "").trim();
  if (thought !== "") turn.reasoning = thought;
}
