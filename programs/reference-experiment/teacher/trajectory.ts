// Reading a recorded trajectory as a list of steps (an action, what came back, the hooks that fired).
// The teacher sees only what a trajectory records — turns with actions, observations, hook messages,
// return codes and format-error flags — never the policy's internal context, so everything it says can
// be checked against the stored rollout. Shared by the problem classifier and the skill writer.
import { factsOf } from "../episode/text-facts";
import { parseTestReport } from "../episode/test-report";
import type { AgentAction, EpisodeResult, HookMessage } from "../types";

export interface Step {
  /** 0-based position among the episode's actions. */
  index: number;
  action: AgentAction;
  tool: string;
  /** The observation of the action turn, plus any tool turns that followed it before the next action. */
  observation: string;
  returnCode: number | undefined;
  formatError: boolean;
  hooks: HookMessage[];
}

/**
 * Steps in order. An episode may record the observation on the action's own turn or on a following
 * "tool" turn; both are folded into one step. Turns before the first action (episode_init) are skipped.
 */
export function readSteps(episode: EpisodeResult): Step[] {
  const steps: Step[] = [];
  for (const turn of episode.turns) {
    if (turn.action) {
      steps.push({
        index: steps.length,
        action: turn.action,
        tool: turn.action.tool,
        observation: turn.observation ?? "",
        returnCode: turn.returnCode,
        formatError: turn.formatError === true,
        hooks: [...turn.hooks],
      });
      continue;
    }
    const step = steps[steps.length - 1];
    if (!step) continue;
    const text = turn.observation ?? (turn.role === "tool" ? turn.content : "");
    if (text) step.observation = step.observation ? `${step.observation}\n${text}` : text;
    if (step.returnCode === undefined) step.returnCode = turn.returnCode;
    if (turn.formatError) step.formatError = true;
    step.hooks.push(...turn.hooks);
  }
  return steps;
}

export function isTestTool(tool: string): boolean {
  return tool.includes("test");
}

/** Tools whose output lists the whole file (or diff) with line numbers: it points at no line in particular. */
export function isListingTool(tool: string): boolean {
  return tool === "view" || tool === "view_diff";
}

/** The edit's line and operator, when the action is a core edit. */
export function editOf(step: Step): { line: number; operator: string } | null {
  const a = step.action as { tool: string; line?: unknown; operator?: unknown };
  if (a.tool !== "edit" || typeof a.line !== "number") return null;
  return { line: a.line, operator: typeof a.operator === "string" ? a.operator : "" };
}

/** An edit that did not change the file: flagged as a format error, refused by a hook, or a non-zero return code. */
export function isFailedEdit(step: Step): boolean {
  if (step.tool !== "edit") return false;
  return step.formatError || (step.returnCode !== undefined && step.returnCode !== 0)
    || step.hooks.some((h) => h.position === "pre_action" && h.effect === "refuse");
}

/** Refused actions never reached the environment (e.g. a submit held back by a verification hook). */
export function isRefused(step: Step): boolean {
  return step.hooks.some((h) => h.position === "pre_action" && h.effect === "refuse");
}

export interface TestOutcome {
  passed: boolean;
  /** Failing tests, when the text says how many. */
  failing: number | null;
}

/** The newest test report in a step's texts (a hook's report after the tool's replaces it). */
function reportOf(step: Step) {
  let report: ReturnType<typeof parseTestReport> = null;
  for (const text of [step.observation, ...step.hooks.map((h) => h.message)]) report = parseTestReport(text.split("\n")) ?? report;
  return report;
}

/**
 * The test result the agent saw in a step: a test report anywhere in the step (the convention of
 * episode/test-report.ts, "Ran n tests: f failed, p passed.", whoever ran them — a tool or a hook),
 * otherwise, for a test tool, its return code (0 = all passed) or the wording of its output.
 * Refused actions ran nothing.
 */
export function testOutcome(step: Step): TestOutcome | null {
  if (isRefused(step)) return null;
  const report = reportOf(step);
  if (report) return { passed: report.failed === 0, failing: report.failed };
  if (!isTestTool(step.tool)) return null;
  if (step.returnCode !== undefined) return { passed: step.returnCode === 0, failing: null };
  return { passed: !/fail|error|assert/i.test(step.observation), failing: null };
}

/**
 * Line numbers a step's output and hook messages point at, read as the agent reads them
 * (episode/text-facts.ts): search hits, "line N", "file.js:N". A file listing shows lines without
 * pointing at any; an edit's output names the agent's own choice of line, which is not evidence.
 */
export function pointedLines(step: Step): number[] {
  if (step.tool === "edit") return [];
  const out = new Set<number>();
  for (const text of [step.observation, ...step.hooks.map((h) => h.message)]) for (const line of factsOf(text).pointed) out.add(line);
  return [...out];
}

/** Lines pointed at before the first action: the issue and what episode_init hooks showed. */
export function initialPointedLines(episode: EpisodeResult): number[] {
  const out = new Set<number>();
  for (const turn of episode.turns) {
    if (turn.action) break;
    const texts = [...turn.hooks.map((h) => h.message), ...(turn.role === "user" ? [turn.content] : [])];
    for (const text of texts) for (const line of factsOf(text).pointed) out.add(line);
  }
  return [...out];
}
