// prime-rl's episode stream, output_dir/rollouts/step_N/{train,eval}/…/traces.jsonl: one episode per line,
// read the way prime-rl's own index reads it (prime_rl/utils/trace_index.py summarize_episode):
// {"id", "env": {"id"|"name"}, "group": {"id"}, "ok", "errors", "traces": [{"id", "info": {"kind", "advantage"},
//  "rewards": {name: {"score", "weight"}}, "nodes": [{"message": {"role", "content"}, "token_ids", "sampled"}],
//  "stop_condition", "calls": [{"usage"}]}]}. The episode's group id is the GRPO group.
import { promptSampleEvents } from "../prompt-rollout";
import { isObject, stepFromPath, type RecordInput, type RecordResult } from "./types";

export function isPrimeEpisode(record: unknown): boolean {
  return isObject(record) && Array.isArray(record.traces);
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (isObject(part) && typeof part.text === "string" ? part.text : "")).join("");
  return content === undefined || content === null ? "" : JSON.stringify(content);
}

export function translatePrimeEpisode(input: RecordInput): RecordResult {
  const { record } = input;
  if (!isObject(record) || !Array.isArray(record.traces)) return { problem: `"traces" must be a list` };
  const messages: Array<{ role: string; content: string }> = [];
  const rewards: number[] = [];
  let truncated = false;
  let kind: string | null = null;
  for (const [i, trace] of record.traces.entries()) {
    if (!isObject(trace)) return { problem: `traces.${i} must be an object` };
    if (isObject(trace.rewards) && Object.keys(trace.rewards).length > 0) {
      let sum = 0;
      for (const [name, r] of Object.entries(trace.rewards)) {
        if (!isObject(r) || (r.score !== null && r.score !== undefined && typeof r.score !== "number")) return { problem: `traces.${i}.rewards.${name}.score must be a number` };
        sum += ((r.score as number | null) ?? 0) * (typeof r.weight === "number" ? r.weight : 1);
      }
      rewards.push(sum);
    }
    if (typeof trace.stop_condition === "string" && /length|max_tokens|truncat|context/i.test(trace.stop_condition)) truncated = true;
    const info = isObject(trace.info) ? trace.info : {};
    if (info.kind === "train" || info.kind === "eval") kind = info.kind;
    for (const node of Array.isArray(trace.nodes) ? trace.nodes : []) {
      if (!isObject(node) || !isObject(node.message)) continue;
      messages.push({ role: String(node.message.role ?? "assistant"), content: contentText(node.message.content) });
    }
  }
  const firstPrompt = messages.findIndex((m) => m.role === "user");
  if (firstPrompt === -1) return { problem: "no user message in the episode's nodes" };
  const step = stepFromPath(input.relPath);
  if (step === null) return { problem: "the path names no step (expected rollouts/step_N/…)" };
  const purpose = /(^|\/)eval(\/|$)/.test(input.relPath) ? "eval" : kind === "eval" ? "eval" : "train";
  const env = isObject(record.env) ? String(record.env.id ?? record.env.name ?? "prime-rl") : "prime-rl";
  const prompt = messages.slice(0, firstPrompt + 1).map((m) => m.content).join("\n");
  const reward = rewards.length ? rewards.reduce((a, b) => a + b, 0) / rewards.length : null;
  const groupId = isObject(record.group) && record.group.id !== undefined ? String(record.group.id) : null;
  const events = promptSampleEvents(input.run, input, {
    step, purpose, benchmark: env, prompt, response: messages.slice(firstPrompt + 1), reward, truncated,
    success: record.ok === false ? false : undefined, sourceFormat: "prime-rl",
    metadata: { episode: record.id ?? null, group: groupId, errors: Array.isArray(record.errors) ? record.errors.length : 0 },
    sampleIndex: input.samples.next(step, prompt),
  });
  if (groupId) (events[1] as Record<string, unknown>).group = `step${step}:${groupId}`.slice(0, 256);
  return { events };
}
