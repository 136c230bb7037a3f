// mini-swe-agent 1.1 with an OpenAI Responses API model stores the model's answer as the response
// object itself ({object: "response", output: [message | function_call | reasoning items], usage}).
// This turns one such object into an assistant turn like a chat-format answer.
import type { TurnDraft } from "../types";
import { contentText, expectArray, isRecord, readToolCall, toolCallsAction, type ToolCallAction, type JsonRecord } from "./swe-common";

export function responseAssistantTurn(msg: JsonRecord, field: string): { turn: TurnDraft; calls: number } {
  const output = expectArray(msg.output, `${field}.output`);
  const texts: string[] = [];
  const summaries: string[] = [];
  const calls: ToolCallAction[] = [];
  output.forEach((item, i) => {
    if (!isRecord(item)) return;
    if (item.type === "message") texts.push(contentText(item.content, `${field}.output.${i}.content`));
    else if (item.type === "function_call") calls.push(readToolCall(item, `${field}.output.${i}`));
    else if (item.type === "reasoning" && Array.isArray(item.summary)) {
      for (const part of item.summary) if (isRecord(part) && typeof part.text === "string") summaries.push(part.text);
    }
  });
  const content = texts.join("\n");
  const turn: TurnDraft = { role: "assistant", content, raw: msg };
  if (calls.length > 0) turn.action = toolCallsAction(calls);
  const thought = content.trim() !== "" ? content.trim() : summaries.join("\n").trim();
  if (thought !== "") turn.reasoning = thought;
  return { turn, calls: calls.length };
}
