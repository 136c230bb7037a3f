// Codex CLI / Codex Desktop session rollouts (~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl, written
// by codex-rs's rollout recorder): one {timestamp, type, payload} per line. session_meta {id, cwd, cli_version,
// originator, model_provider, instructions, git} and turn_context {model, cwd, approval_policy, …} describe the
// session; response_item lines are what the model saw and said: message {role user|developer|assistant,
// content parts}, reasoning {summary, encrypted_content}, function_call {name, arguments, call_id},
// function_call_output {call_id, output}, custom_tool_call(_output), local_shell_call, web_search_call;
// event_msg lines are the UI's events: mostly repeats of response items (user_message, agent_message,
// agent_reasoning), plus token_count (usage), exec_command_end (exit_code), task_started/task_complete.
// Each response item is a turn (developer → system; a reasoning item is merged into the model turn that
// follows it; encrypted reasoning is never shown); token counts, exit codes and the session's records are
// merged into the turns and the rollout; UI repeats and unknown lines are skipped with their reason.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft, TurnDraft } from "../types";
import { Tally } from "../accounting";
import { toolCallsAction } from "./swe-common";
import { type JsonRecord, isRecord, isoToMillis, optCount, parseJsonText, problem } from "./untrusted-json";

const FORMAT = "codex-cli";
const REPEATS: Record<string, string> = {
  user_message: "the UI's copy of a user message (the response item holds it)",
  agent_message: "the UI's copy of an assistant message (the response item holds it)",
  agent_reasoning: "the UI's copy of a reasoning summary (the response item holds it)",
  agent_reasoning_raw_content: "the UI's copy of raw reasoning (the response item holds it)",
};

function firstLine(text: string): unknown {
  const line = text.split("\n", 5).find((l) => l.trim() !== "");
  if (line === undefined) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function looksLikeRollout(file: PeekedFile): boolean {
  if (!file.name.toLowerCase().endsWith(".jsonl") || file.text === null) return false;
  const first = firstLine(file.text);
  return isRecord(first) && isRecord(first.payload) && (first.type === "session_meta" || first.type === "response_item" || first.type === "turn_context");
}

function partsText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return value === undefined || value === null ? "" : JSON.stringify(value);
  return value.map((p) => (isRecord(p) && typeof p.text === "string" ? p.text : isRecord(p) && typeof p.image_url === "string" ? "[image]" : "")).filter(Boolean).join("\n");
}

function parseArguments(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Older exec outputs are JSON text {output, metadata: {exit_code, duration_seconds}}. */
function toolOutput(value: unknown): { text: string; exitCode?: number } {
  const text = partsText(value);
  if (typeof value === "string" && value.trimStart().startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (isRecord(parsed) && typeof parsed.output === "string" && isRecord(parsed.metadata) && Number.isInteger(parsed.metadata.exit_code)) {
        return { text: parsed.output, exitCode: parsed.metadata.exit_code as number };
      }
    } catch {
      // plain text that starts with a brace
    }
  }
  return { text };
}

function withoutEncrypted(payload: JsonRecord): JsonRecord {
  return "encrypted_content" in payload ? { ...payload, encrypted_content: "(encrypted; not kept)" } : payload;
}

export const codexCliReader: FormatReader = {
  name: FORMAT,
  detect: looksLikeRollout,
  read(file: PeekedFile): ParsedFile {
    if (file.text === null) problem("file", "not UTF-8 text");
    const tally = new Tally("lines");
    const turns: TurnDraft[] = [];
    const byCall = new Map<string, TurnDraft>();
    const times: number[] = [];
    let sessionId: string | undefined;
    let model: string | undefined;
    let pendingReasoning: string | undefined;
    let lastAssistant: TurnDraft | undefined;
    let totals: { prompt?: number; completion?: number } | undefined;
    let completed = false;
    let aborted = false;
    const metadata: JsonRecord = {};

    const modelTurn = (turn: TurnDraft) => {
      if (pendingReasoning !== undefined) {
        turn.reasoning = pendingReasoning;
        pendingReasoning = undefined;
      }
      lastAssistant = turn;
      turns.push(turn);
    };

    file.text.split("\n").forEach((raw, i) => {
      if (raw.trim() === "") return;
      const field = `line ${i + 1}`;
      const line = parseJsonText(raw, field);
      if (!isRecord(line)) problem(field, "must be a JSON object");
      const stamp = typeof line.timestamp === "string" ? isoToMillis(line.timestamp) : undefined;
      if (stamp !== undefined) times.push(stamp);
      const payload = isRecord(line.payload) ? line.payload : undefined;
      const kind = payload && typeof payload.type === "string" ? payload.type : undefined;
      if (line.type === "session_meta" && payload) {
        if (typeof payload.id === "string") sessionId = payload.id;
        for (const key of ["cli_version", "originator", "source", "model_provider", "cwd"]) if (typeof payload[key] === "string") metadata[key] = payload[key];
        tally.merged();
      } else if (line.type === "turn_context" && payload) {
        if (typeof payload.model === "string") model = payload.model;
        tally.merged();
      } else if (line.type === "response_item" && payload) {
        if (kind === "message") {
          const role = payload.role === "assistant" ? "assistant" : payload.role === "developer" || payload.role === "system" ? "system" : "user";
          const turn: TurnDraft = { role, content: partsText(payload.content), raw: payload };
          if (role === "assistant") modelTurn(turn);
          else turns.push(turn);
          tally.turn();
        } else if (kind === "reasoning") {
          const summary = Array.isArray(payload.summary) ? payload.summary.map((s) => (isRecord(s) && typeof s.text === "string" ? s.text : "")).filter(Boolean).join("\n") : "";
          pendingReasoning = [pendingReasoning, summary].filter((t) => t !== undefined && t !== "").join("\n");
          tally.merged();
        } else if (kind === "function_call" || kind === "custom_tool_call" || kind === "local_shell_call" || kind === "web_search_call") {
          const callId = typeof payload.call_id === "string" ? payload.call_id : undefined;
          const name = typeof payload.name === "string" ? payload.name : kind === "local_shell_call" ? "local_shell" : kind === "web_search_call" ? "web_search" : "tool";
          const args = kind === "custom_tool_call" ? payload.input : kind === "local_shell_call" ? payload.action : kind === "web_search_call" ? payload.action : parseArguments(payload.arguments);
          const command = isRecord(args) && typeof args.cmd === "string" ? args.cmd : isRecord(args) && Array.isArray(args.command) ? args.command.join(" ") : undefined;
          const turn: TurnDraft = { role: "assistant", content: "", raw: payload, action: toolCallsAction([{ ...(callId ? { id: callId } : {}), name, arguments: args ?? {} }], command) };
          modelTurn(turn);
          tally.turn();
        } else if (kind === "function_call_output" || kind === "custom_tool_call_output") {
          const output = toolOutput(payload.output);
          const turn: TurnDraft = { role: "tool", content: output.text, observation: output.text, raw: payload };
          if (output.exitCode !== undefined) turn.return_code = output.exitCode;
          if (typeof payload.call_id === "string") byCall.set(payload.call_id, turn);
          turns.push(turn);
          tally.turn();
        } else {
          tally.skip(`a response item of a kind this importer does not show ("${String(kind).slice(0, 40)}")`);
        }
      } else if (line.type === "event_msg" && payload) {
        if (kind !== undefined && REPEATS[kind]) tally.skip(REPEATS[kind]!);
        else if (kind === "token_count") {
          const info = isRecord(payload.info) ? payload.info : undefined;
          const total = info && isRecord(info.total_token_usage) ? info.total_token_usage : undefined;
          const last = info && isRecord(info.last_token_usage) ? info.last_token_usage : undefined;
          if (total) totals = { prompt: optCount(total, "input_tokens", `${field}.payload.info.total_token_usage`), completion: optCount(total, "output_tokens", `${field}.payload.info.total_token_usage`) };
          const out = last ? optCount(last, "output_tokens", `${field}.payload.info.last_token_usage`) : undefined;
          if (out !== undefined && lastAssistant && lastAssistant.tokens === undefined) lastAssistant.tokens = out;
          tally.merged();
        } else if (kind === "exec_command_end") {
          const turn = typeof payload.call_id === "string" ? byCall.get(payload.call_id) : undefined;
          if (turn && Number.isInteger(payload.exit_code)) turn.return_code = payload.exit_code as number;
          tally.merged();
        } else if (kind === "task_complete" || kind === "task_started" || kind === "turn_aborted") {
          if (kind === "task_complete") completed = true;
          if (kind === "turn_aborted") aborted = true;
          tally.merged();
        } else {
          tally.skip(`a UI event the transcript does not need ("${String(kind).slice(0, 40)}")`);
        }
      } else {
        tally.skip(`a line of a type this importer does not know ("${String(line.type).slice(0, 40)}")`);
      }
    });
    if (pendingReasoning !== undefined && pendingReasoning !== "") turns.push({ role: "assistant", content: "", reasoning: pendingReasoning });
    for (const turn of turns) if (isRecord(turn.raw)) turn.raw = withoutEncrypted(turn.raw as JsonRecord);

    const stem = file.name.replace(/^.*\//, "").replace(/\.jsonl$/i, "");
    const rollout: RolloutDraft = { instanceId: sessionId ?? stem, attempt: "", turns };
    rollout.exitStatus = completed ? "task_complete" : aborted ? "turn_aborted" : "incomplete";
    if (!completed) rollout.truncated = false;
    if (model !== undefined) rollout.model = model;
    if (totals && (totals.prompt !== undefined || totals.completion !== undefined)) {
      rollout.tokens = { ...(totals.prompt !== undefined ? { prompt: totals.prompt } : {}), ...(totals.completion !== undefined ? { completion: totals.completion } : {}) };
    }
    if (times.length > 0) {
      rollout.startedAt = Math.min(...times);
      rollout.durationMs = Math.max(...times) - Math.min(...times);
    }
    if (sessionId !== undefined) metadata.session_id = sessionId;
    rollout.metadata = metadata;
    return { format: FORMAT, rollouts: [rollout], facts: [], reports: [], accounting: tally.accounting };
  },
};
