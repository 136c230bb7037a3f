// The assistant turns of one Claude Code transcript. Claude Code streams an API message to its file as several
// lines sharing message.id: one per content block (2.0–2.1), or snapshots of the message so far (some versions
// repeat the earlier blocks). Either way the message is ONE assistant turn: a later line adds only the blocks not
// seen yet (tool_use by id, text and thinking by their text) and is counted as merged. Every line repeats the
// message's usage, but only the last carries the final output_tokens (earlier ones hold message_start's
// placeholder, usually 1), so a message's tokens come from its line with the most output tokens, the later line
// winning a tie: the whole line's usage, not a per-field maximum, and once per message.
import type { TurnDraft } from "../types";
import { type ToolCallAction, toolCallsAction } from "./swe-common";
import { type JsonRecord, isRecord, optCount } from "./untrusted-json";

const SIGNATURE_ONLY = "[thinking not recorded: only its signature was kept]";
const REDACTED = "[redacted thinking]";

interface Usage {
  input: number;
  output?: number;
}

interface Message {
  turn: TurnDraft;
  calls: ToolCallAction[];
  texts: string[];
  thinking: string[];
  /** Keys of the blocks already in the turn, so a snapshot line adds only its new blocks. */
  seen: Set<string>;
  usage?: Usage;
}

function blockKey(block: JsonRecord): string {
  switch (block.type) {
    case "tool_use":
      return typeof block.id === "string" ? `tool_use:${block.id}` : `tool_use:${JSON.stringify(block.input ?? null)}:${String(block.name)}`;
    case "thinking":
      return `thinking:${typeof block.thinking === "string" && block.thinking !== "" ? block.thinking : String(block.signature ?? "")}`;
    case "redacted_thinking":
      return `redacted:${String(block.data ?? "")}`;
    case "text":
      return `text:${String(block.text ?? "")}`;
    default:
      return `${String(block.type)}:${JSON.stringify(block)}`;
  }
}

function usageOf(message: JsonRecord, field: string): Usage | undefined {
  if (!isRecord(message.usage)) return undefined;
  const up = `${field}.message.usage`;
  const u = message.usage;
  const input = (optCount(u, "input_tokens", up) ?? 0) + (optCount(u, "cache_creation_input_tokens", up) ?? 0) + (optCount(u, "cache_read_input_tokens", up) ?? 0);
  const output = optCount(u, "output_tokens", up);
  return output === undefined ? { input } : { input, output };
}

export class AssistantMessages {
  private readonly byId = new Map<string, Message>();
  /** Usage of lines with no message.id: each its own message. */
  private readonly loose: Usage[] = [];
  model?: string;

  /** The line's turn, or null when it is a later line of a message already seen (merged into that turn). */
  add(line: JsonRecord, message: JsonRecord, field: string): TurnDraft | null {
    const id = typeof message.id === "string" ? message.id : undefined;
    const earlier = id === undefined ? undefined : this.byId.get(id);
    const state: Message = earlier ?? { turn: { role: "assistant", content: "", raw: line }, calls: [], texts: [], thinking: [], seen: new Set() };
    if (Array.isArray(message.content)) {
      for (const block of message.content) {
        if (!isRecord(block)) continue;
        const key = blockKey(block);
        if (state.seen.has(key)) continue;
        state.seen.add(key);
        this.addBlock(state, block);
      }
    } else if (typeof message.content === "string" && message.content !== "" && !state.seen.has(`text:${message.content}`)) {
      state.seen.add(`text:${message.content}`);
      state.texts.push(message.content);
    }
    state.turn.content = state.texts.join("\n");
    const reasoning = state.thinking.join("\n");
    if (reasoning.trim() !== "") state.turn.reasoning = reasoning;
    if (state.calls.length > 0) state.turn.action = toolCallsAction(state.calls);
    this.takeUsage(state, usageOf(message, field), id === undefined);
    if (earlier) return null;
    if (typeof message.model === "string" && message.model !== "<synthetic>") this.model ??= message.model;
    if (id !== undefined) this.byId.set(id, state);
    return state.turn;
  }

  private addBlock(state: Message, block: JsonRecord): void {
    if (block.type === "text" && typeof block.text === "string") state.texts.push(block.text);
    else if (block.type === "thinking") {
      const thinking = typeof block.thinking === "string" ? block.thinking : "";
      // Claude Code may keep only a thinking block's signature (the text stays with the API): say so, not nothing.
      if (thinking.trim() !== "") state.thinking.push(thinking);
      else if (typeof block.signature === "string" && block.signature !== "") state.thinking.push(SIGNATURE_ONLY);
    } else if (block.type === "redacted_thinking") state.thinking.push(REDACTED);
    else if (block.type === "tool_use") {
      state.calls.push({ ...(typeof block.id === "string" ? { id: block.id } : {}), name: String(block.name ?? ""), arguments: block.input ?? {} });
    }
  }

  private takeUsage(state: Message, usage: Usage | undefined, loose: boolean): void {
    if (!usage) return;
    if (loose) this.loose.push(usage);
    else if (!state.usage || (usage.output ?? 0) >= (state.usage.output ?? 0)) state.usage = usage;
    const output = loose ? usage.output : state.usage?.output;
    if (output !== undefined) state.turn.tokens = output;
  }

  /** The transcript's tokens: each message's usage once. */
  tokens(): { prompt?: number; completion?: number } | undefined {
    const all = [...[...this.byId.values()].flatMap((m) => (m.usage ? [m.usage] : [])), ...this.loose];
    if (all.length === 0) return undefined;
    const outputs = all.filter((u) => u.output !== undefined);
    return { prompt: all.reduce((n, u) => n + u.input, 0), ...(outputs.length > 0 ? { completion: outputs.reduce((n, u) => n + u.output!, 0) } : {}) };
  }
}
