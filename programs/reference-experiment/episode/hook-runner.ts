// Calling a harness's hooks and tools safely. A hook returns effects; each is checked against what its
// lifecycle position allows, applied in file order (a rewrite is seen by the next hook; the first
// refusal stops the chain) and recorded as a HookMessage. A hook that throws, returns nonsense or runs
// over its time limit becomes an "observe" message saying so — the episode goes on without it.
import type { AgentAction, HookMessage } from "../types";
import type { Hook, HookContext, HookPosition, LoadedHarness, Tool, ToolApi, ToolOutput } from "../harness/types";
import { callWithTimeout, SandboxTimeout, toHostJson } from "../harness/sandbox";

const ALLOWED: Record<HookPosition, ReadonlySet<string>> = {
  episode_init: new Set(["inject", "recover", "observe"]),
  pre_decision: new Set(["inject", "recover", "observe"]),
  pre_action: new Set(["inject", "observe", "rewrite", "refuse"]),
  post_feedback: new Set(["inject", "recover", "observe", "rewrite"]),
};

const MAX_MESSAGE = 4000;

export interface HookOutcome {
  messages: HookMessage[];
  /** Texts the agent is shown (inject, recover, rewrite reminders), in order. */
  shown: string[];
  action: AgentAction | null;
  observation: string | null;
  refusal: { message: string; format: boolean } | null;
}

export interface GuardedResult<T> { value?: T; error?: string; timedOut: boolean }

/**
 * Calls fn(arg), under a watchdog when `guard`; a call over the limit counts as timed out either way.
 * (fn and arg apart, not a closure: this runs for every hook and tool call.)
 */
export function guardedCall<A, T>(fn: (arg: A) => T, arg: A, limitMs: number, guard: boolean): GuardedResult<T> {
  const started = performance.now();
  try {
    const value = guard ? callWithTimeout(() => fn(arg), limitMs) : fn(arg);
    if (performance.now() - started > limitMs) return { timedOut: true };
    return { value, timedOut: false };
  } catch (error) {
    if (error instanceof SandboxTimeout) return { timedOut: true };
    const e = error as { name?: unknown; message?: unknown };
    const text = e && typeof e.message === "string" ? `${typeof e.name === "string" ? e.name : "Error"}: ${e.message}` : String(error);
    return { error: text.slice(0, 500), timedOut: false };
  }
}

function asAction(value: unknown): AgentAction | null {
  try {
    const a = toHostJson<Record<string, unknown>>(value);
    return a && typeof a === "object" && typeof a.tool === "string" && a.tool.length > 0 ? (a as AgentAction) : null;
  } catch {
    return null;
  }
}

function note(out: HookOutcome, position: HookPosition, hook: string, effect: HookMessage["effect"], message: string): void {
  out.messages.push({ position, hook, effect, message: message.length > MAX_MESSAGE ? message.slice(0, MAX_MESSAGE) : message });
}

const callHook = (args: { hook: Hook; ctx: HookContext }) => args.hook.run(args.ctx);

export function runHooks(
  harness: LoadedHarness,
  position: HookPosition,
  base: Omit<HookContext, "position" | "state" | "action" | "observation"> & { action: AgentAction | null; observation: string | null },
  states: Map<string, Record<string, unknown>>,
  guard: boolean,
): HookOutcome {
  const out: HookOutcome = { messages: [], shown: [], action: base.action, observation: base.observation, refusal: null };
  const hooks: readonly Hook[] = harness.hooks[position];
  if (hooks.length === 0) return out;
  const limit = harness.config.hookTimeoutMs;
  for (const hook of hooks) {
    if (harness.disabled.has(hook.path)) {
      note(out, position, hook.name, "observe", `hook error: disabled after running over ${limit} ms`);
      continue;
    }
    let state = states.get(hook.path);
    if (!state) states.set(hook.path, (state = {}));
    const ctx: HookContext = {
      position, action: out.action, observation: out.observation, returnCode: base.returnCode, agent: base.agent,
      episode: base.episode, api: base.api, state, config: base.config,
    };
    const call = guardedCall(callHook, { hook, ctx }, limit, guard);
    if (call.timedOut) {
      harness.disabled.add(hook.path);
      note(out, position, hook.name, "observe", `hook error: ran over ${limit} ms; disabled`);
      continue;
    }
    if (call.error !== undefined) {
      note(out, position, hook.name, "observe", `hook error: ${call.error}`);
      continue;
    }
    if (call.value == null) continue;
    const effects = Array.isArray(call.value) ? (call.value as unknown[]) : [call.value];
    for (const raw of effects) {
      const e = (raw ?? {}) as Record<string, unknown>;
      const effect = typeof e.effect === "string" ? e.effect : "";
      const message = typeof e.message === "string" ? e.message : "";
      if (!ALLOWED[position].has(effect)) {
        note(out, position, hook.name, "observe", `hook error: effect "${effect}" is not allowed at ${position}`);
        continue;
      }
      if (effect === "rewrite" && position === "pre_action") {
        const action = asAction(e.action);
        if (!action) {
          note(out, position, hook.name, "observe", "hook error: rewrite without a valid action");
          continue;
        }
        out.action = action;
      } else if (effect === "rewrite") {
        if (typeof e.observation !== "string") {
          note(out, position, hook.name, "observe", "hook error: rewrite without an observation");
          continue;
        }
        out.observation = e.observation;
      } else if (effect === "refuse") {
        out.refusal = { message: message || `refused by ${hook.name}`, format: e.format === true };
      }
      note(out, position, hook.name, effect as HookMessage["effect"], message);
      // Shown to the agent: injected and recovery text, and a pre_action rewrite's reason (the agent should
      // learn why its action changed). A post_feedback rewrite IS the new observation; its note is metadata.
      const visible = effect === "inject" || effect === "recover" || (effect === "rewrite" && position === "pre_action");
      if (visible && message) out.shown.push(message.length > MAX_MESSAGE ? message.slice(0, MAX_MESSAGE) : message);
      if (out.refusal) return out;
    }
  }
  return out;
}

export interface ToolCallResult extends ToolOutput {
  formatError: boolean;
}

const callTool = (args: { tool: Tool; api: ToolApi; input: Record<string, unknown> }) => args.tool.run(args.api, args.input);

/** Runs the action's tool; unknown tools and broken tools become observations, never exceptions. */
export function runTool(harness: LoadedHarness, action: AgentAction, api: ToolApi, guard: boolean): ToolCallResult {
  const tool: Tool | undefined = Object.prototype.hasOwnProperty.call(harness.tools, action.tool) ? harness.tools[action.tool] : undefined;
  if (!tool) {
    return { output: `Unknown tool "${action.tool}". Tools: ${harness.toolNames.join(", ")}.`, returnCode: 127, formatError: true };
  }
  if (harness.disabled.has(tool.path)) {
    return { output: `${tool.name} is disabled: it ran over ${harness.config.toolTimeoutMs} ms.`, returnCode: 124, formatError: false };
  }
  const { tool: _name, args, ...rest } = action as { tool: string; args?: Record<string, unknown> };
  const input = Object.freeze({ ...rest, ...(args && typeof args === "object" ? args : {}) });
  const call = guardedCall(callTool, { tool, api, input }, harness.config.toolTimeoutMs, guard);
  if (call.timedOut) {
    harness.disabled.add(tool.path);
    return { output: `${tool.name} ran over ${harness.config.toolTimeoutMs} ms and was stopped.`, returnCode: 124, formatError: false };
  }
  if (call.error !== undefined) return { output: `${tool.name} failed: ${call.error}`, returnCode: 1, formatError: false };
  const value = call.value as unknown;
  if (typeof value === "string") return { output: value, returnCode: 0, formatError: false };
  const v = (value ?? {}) as Record<string, unknown>;
  return {
    output: typeof v.output === "string" ? v.output : "",
    returnCode: typeof v.returnCode === "number" && Number.isInteger(v.returnCode) ? v.returnCode : 0,
    formatError: v.formatError === true,
  };
}
