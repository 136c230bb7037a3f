// One rollout: a policy repairs one task through one harness, turn by turn.
//
//   episode_init hooks → per turn: pre_decision hooks (their text joins ctx.hints) → policy.decide →
//   pre_action hooks (may rewrite or refuse; a refusal "for format" is asked again without using a
//   turn, up to config.formatRequeries) → the tool → post_feedback hooks (may rewrite the observation,
//   inject recovery hints) → the turn is recorded.
//
// Ends on submit (the hidden tests run on the current file: reward 1 when all pass, else 0) or at
// maxTurns (truncated, "turn_limit", reward 0; the policy update keeps or drops them, policy/grpo.ts).
//
// Timeouts: unless every tool and hook is reviewed catalogue code (LoadedHarness.trusted), the whole
// episode runs under one watchdog (a thread per episode, 0.15–0.4 ms). Only when it fires — harness code
// looping forever — is the episode replayed from the same seed with a watchdog around every hook and
// tool call; the offender is disabled and the replay's result is returned. So the policy must be a pure
// function of (ctx, rng, temperature). (Task code is the test runner's business: it has its own limit.)
import { createRng, type Rng } from "../random";
import type { AgentAction, DecisionContext, EpisodeResult, EpisodeTurn, HookMessage, RepairTask } from "../types";
import type { EpisodeFacts, HookPosition, LoadedHarness } from "../harness/types";
import { callWithTimeout, SandboxTimeout } from "../harness/sandbox";
import type { EpisodePolicy } from "./policy-interface";
import { realEnvironment, type TaskEnvironment } from "./environment";
import { Workspace } from "./workspace";
import { AgentView } from "./agent-view";
import { issueText } from "./issue";
import { runHooks, runTool, type HookOutcome } from "./hook-runner";
import { cachedTestRun } from "./test-cache";

export interface RunEpisodeOptions {
  task: RepairTask;
  harness: LoadedHarness;
  policy: EpisodePolicy;
  /** The caller's stream; the episode takes one draw from it and seeds its own streams with it. */
  rng: Rng;
  /** Turn limit; without it, the harness's config.json maxTurns (the harness file decides, as in H0). */
  maxTurns?: number;
  temperature: number;
  /** Skill texts given for this episode (training only), on top of the harness's skill files. */
  skills?: string[];
  /** The task operations; the real modules unless a test passes its own. */
  env?: TaskEnvironment;
}

export function runEpisode(options: RunEpisodeOptions): EpisodeResult {
  const started = performance.now();
  const seed = options.rng.int(2 ** 32);
  const env = options.env ?? realEnvironment;
  let result: EpisodeResult;
  if (options.harness.trusted) {
    result = play(options, env, seed, false);
  } else {
    try {
      result = callWithTimeout(() => play(options, env, seed, false), options.harness.config.episodeGuardMs);
    } catch (error) {
      if (!(error instanceof SandboxTimeout)) throw error;
      result = play(options, env, seed, true);
    }
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

/** How the trajectory shows an action: `edit(line=7, operator="flip-comparison")`. */
export function renderAction(action: AgentAction): string {
  const { tool, args, ...rest } = action as { tool: string; args?: Record<string, unknown> };
  const all = { ...rest, ...(args ?? {}) };
  return `${tool}(${Object.entries(all).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ")})`;
}

/**
 * Hooks get the agent's context read-only. Shallow: its arrays are built fresh for every context, and
 * the ones shared between contexts (tools, symptoms, operator lists) are frozen where they are made.
 */
const freezeContext = (ctx: DecisionContext): Readonly<DecisionContext> => Object.freeze(ctx);

const NO_HOOKS: HookOutcome = Object.freeze({ messages: [], shown: [], action: null, observation: null, refusal: null });

function play(options: RunEpisodeOptions, env: TaskEnvironment, seed: number, guard: boolean): EpisodeResult {
  const h = options.harness;
  const config = h.config;
  const o = { ...options, maxTurns: options.maxTurns ?? config.maxTurns };
  const episodeRng = createRng(seed);
  const policyRng = episodeRng.fork("policy");
  const harnessRng = episodeRng.fork("harness");
  h.setRandom(harnessRng.next);
  const ws = new Workspace(o.task, env, config.testTimeoutMs, harnessRng.next);
  const view = new AgentView(config.contextChars);
  const skills = [...h.skills, ...(o.skills ?? [])];
  const issue = issueText(o.task, env, config.testTimeoutMs);
  view.pin(issue);
  const turns: EpisodeTurn[] = [
    { role: "system", content: h.systemPrompt, hooks: [] },
    { role: "user", content: skills.length > 0 ? `${issue}\n\nSkills:\n${skills.map((s) => `- ${s}`).join("\n")}` : issue, hooks: [] },
  ];
  const decisions: unknown[] = [];
  const states = new Map<string, Record<string, unknown>>();
  const tools = Object.freeze([...h.toolNames]) as string[];
  let used = 0;
  let lastTool: string | null = null;
  let lastReturnCode: number | null = null;
  let agent: Readonly<DecisionContext> | null = null;
  let pending: string[] = [];

  const facts = (): EpisodeFacts => Object.freeze({
    turn: used, maxTurns: o.maxTurns, editsMade: ws.editsMade, failedEdits: ws.failedEdits,
    testRunsSinceEdit: ws.testRunsSinceEdit, lastTool, lastReturnCode, submitted: ws.submitted,
  });
  const hooks = (position: HookPosition, action: AgentAction | null, observation: string | null, returnCode: number | null) =>
    h.hooks[position].length === 0
      ? NO_HOOKS
      : runHooks(h, position, { agent, episode: facts(), api: ws.api, config, action, observation, returnCode }, states, guard);
  const show = (texts: readonly string[]) => {
    for (const text of texts) view.add(text, ws.editsMade);
  };
  const buildContext = (hints: string[]): DecisionContext => view.context({
    turn: used, maxTurns: o.maxTurns, tools, lastTool, lineCount: ws.lineCount(), editsMade: ws.editsMade, hints,
    applicable: (line) => ws.applicableAt(line),
  });

  const init = hooks("episode_init", null, null, null);
  turns[1].hooks.push(...init.messages);
  show(init.shown);
  pending.push(...init.shown);

  while (used < o.maxTurns && !ws.submitted) {
    ws.turn = used;
    // pre_decision hooks see the context the agent would decide on without them.
    agent = freezeContext(buildContext([...skills, ...pending]));
    const pre = hooks("pre_decision", null, null, lastReturnCode);
    if (ws.submitted) {
      // A pre_decision hook submitted (through the tool API): the episode ends before the decision.
      turns[turns.length - 1].hooks.push(...pre.messages);
      break;
    }
    show(pre.shown);
    let hints = [...skills, ...pending, ...pre.shown];
    pending = [];
    let stepHooks: HookMessage[] = [...pre.messages];

    for (let attempt = 0; ; attempt++) {
      const ctx = buildContext(hints);
      const decided = o.policy.decide(ctx, policyRng, o.temperature);
      decisions.push(decided.decision);
      agent = freezeContext(ctx);
      const proposed: AgentAction = { ...decided.action };
      const content = renderAction(proposed);
      const pa = hooks("pre_action", proposed, null, null);
      stepHooks.push(...pa.messages);

      if (pa.refusal && pa.refusal.format && attempt < config.formatRequeries) {
        // Refused for format: the agent reads the refusal and is asked again; no turn is used.
        view.add(content, ws.editsMade, false);
        view.add(pa.refusal.message, ws.editsMade);
        show(pa.shown);
        turns.push({
          role: "assistant", content, reasoning: decided.reasoning, action: proposed,
          observation: pa.refusal.message, returnCode: 2, formatError: true, hooks: stepHooks,
        });
        stepHooks = [];
        hints = [...hints, ...pa.shown, pa.refusal.message];
        lastTool = proposed.tool;
        lastReturnCode = 2;
        continue;
      }

      const executed = pa.action ?? proposed;
      let observation: string;
      let returnCode: number;
      let formatError: boolean;
      if (pa.refusal) {
        observation = pa.refusal.message;
        returnCode = 2;
        formatError = pa.refusal.format;
      } else {
        const r = runTool(h, executed, ws.api, guard);
        observation = r.output;
        returnCode = r.returnCode;
        formatError = r.formatError;
      }
      lastTool = pa.refusal ? proposed.tool : executed.tool;
      lastReturnCode = returnCode;
      used++;
      const pf = hooks("post_feedback", executed, observation, returnCode);
      observation = pf.observation ?? observation;
      stepHooks.push(...pf.messages);

      view.add(content, ws.editsMade, false);
      show(pa.shown);
      // The echo of the agent's own edit names the line it chose: not evidence about the bug.
      view.add(observation, ws.editsMade, !(executed.tool === "edit" && !pa.refusal));
      show(pf.shown);
      pending.push(...pa.shown, ...pf.shown);
      // content is what the policy said; action is what ran (a pre_action rewrite shows in its hook message).
      turns.push({
        role: "assistant", content, reasoning: decided.reasoning, action: pa.refusal ? proposed : executed,
        observation, returnCode, formatError, hooks: stepHooks,
      });
      break;
    }
  }

  const submitted = ws.submitted;
  const hiddenResults = submitted ? cachedTestRun(o.task, env, "hidden", ws.source, config.testTimeoutMs).map((r) => ({ ...r })) : [];
  const reward = submitted && hiddenResults.every((r) => r.passed) ? 1 : 0;
  return {
    taskId: o.task.id,
    turns,
    success: reward === 1,
    reward,
    truncated: !submitted,
    exitStatus: submitted ? "submitted" : "turn_limit",
    submission: submitted ? ws.diff() : "",
    hiddenResults,
    decisions,
    durationMs: 0,
  };
}
