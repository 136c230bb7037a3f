// The shared vocabulary of the reference experiment (issue 3): tasks, tests, edits, actions, the
// decision context a policy sees, and what an episode returns. Each part lives in its own folder:
// tasks/ (generator, suites, test runner, edit primitives), harness/ (files, loader, hooks),
// episode/ (the multi-turn loop), policy/ (softmax policy, GRPO), teacher/ (problems, proposals, skills).
import type { HookPosition } from "../../lib/domain/vocabulary";

export const BUG_FAMILIES = [
  "off-by-one", "wrong-operator", "wrong-comparison", "swapped-arguments", "missing-guard", "wrong-constant", "negated-condition",
] as const;
export type BugFamily = (typeof BUG_FAMILIES)[number];

/** Where a task belongs: training pool, the fixed comparison set, or a held-out evaluation suite. */
export type SuiteName = "train" | "comparison" | "mini-verified" | "mini-multilingual" | "mini-pro";
export const EVAL_SUITES = ["mini-verified", "mini-multilingual", "mini-pro"] as const;

/**
 * One mutation the agent can apply at a line. Bugs are injected with the same primitives, so a task is
 * solvable by the right operators at the right lines — but the agent has to find them.
 */
export const EDIT_OPERATORS = [
  "flip-comparison", "toggle-inclusive", "swap-operator", "increment-constant", "decrement-constant",
  "swap-arguments", "add-guard", "negate-condition",
] as const;
export type EditOperator = (typeof EDIT_OPERATORS)[number];

export interface TaskTest {
  name: string;
  /** fail_to_pass: fails on the buggy code, must pass after the fix; pass_to_pass: must keep passing. */
  kind: "fail_to_pass" | "pass_to_pass";
  /** JavaScript statements run against the module's exports; they throw on failure. */
  code: string;
}

export interface RepairTask {
  id: string;
  /** Stable human key, e.g. "mini-verified/clamp-range-017". */
  key: string;
  suite: SuiteName;
  families: BugFamily[];
  /** The file the agent works on. */
  path: string;
  source: string;
  /** The fixed source; never shown to the agent, used by tests of the generator only. */
  reference: string;
  /** What the agent's run_tests runs: the reproduction of the issue plus a few regression tests. */
  visibleTests: TaskTest[];
  /** What decides the reward: every test must pass after the submission. */
  hiddenTests: TaskTest[];
}

export interface TestResult {
  name: string;
  passed: boolean;
  /** Assertion message or error, kept short. */
  message: string | null;
  timedOut: boolean;
  /** 1-based line of the task file where the failure was thrown, when it was thrown there (a crash, not a wrong value). */
  line?: number;
}

export type AgentAction =
  | { tool: "view" }
  | { tool: "run_tests" }
  | { tool: "search"; pattern: string }
  | { tool: "edit"; line: number; operator: EditOperator }
  | { tool: "submit" }
  /** Tools a harness version adds (e.g. run_related_tests, view_diff). */
  | { tool: string; args?: Record<string, unknown> };

/** A message a hook injected, kept for the trajectory with its lifecycle position. */
export interface HookMessage {
  position: HookPosition;
  hook: string;
  effect: "inject" | "rewrite" | "refuse" | "recover" | "observe";
  message: string;
}

/** What the policy sees before a decision: features of the episode so far, not the hidden tests. */
export interface DecisionContext {
  turn: number;
  maxTurns: number;
  tools: string[];
  lastTool: string | null;
  lineCount: number;
  viewed: boolean;
  editsMade: number;
  testsRunSinceEdit: boolean;
  lastTestsPassed: boolean | null;
  failingTests: number | null;
  /** Lines the last observations point at (a failing assertion, a search hit), 1-based. */
  suspiciousLines: number[];
  /** Per line, the operators that apply to it (an operator that does not apply is a failed edit). */
  applicableOperators: Record<number, EditOperator[]>;
  /** Symptoms read from the last failing test messages, e.g. "off-by-one-value", "threw", "wrong-sign". */
  symptoms: string[];
  /** Text injected this turn by hooks and skills. */
  hints: string[];
}

export interface EpisodeTurn {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  reasoning?: string;
  action?: AgentAction;
  observation?: string;
  returnCode?: number;
  formatError?: boolean;
  hooks: HookMessage[];
}

export interface EpisodeResult {
  taskId: string;
  turns: EpisodeTurn[];
  success: boolean;
  reward: number;
  truncated: boolean;
  exitStatus: "submitted" | "turn_limit";
  /** Unified diff of the submitted file against the original. */
  submission: string;
  hiddenResults: TestResult[];
  /** The policy's decisions, for its GRPO update. Opaque to everything but policy/. */
  decisions: unknown[];
  durationMs: number;
}
