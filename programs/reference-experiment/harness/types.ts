// The harness as data and as loaded code. A harness is a set of files (the same shape as the
// harness_version event's files); tools and hooks among them are JavaScript module sources that the
// environment compiles with node:vm and calls with the explicit ToolApi below — the only door from
// harness code to the task. Keeping that door small is what makes a harness diff readable: everything a
// tool or hook can do is a call on this interface.
import type { HookPosition } from "../../../lib/domain/vocabulary";
import type { AgentAction, DecisionContext, TestResult } from "../types";

export type { HookPosition };
export const HOOK_ORDER: readonly HookPosition[] = ["episode_init", "pre_decision", "pre_action", "post_feedback"];

export type HarnessFileKind = "tool" | "hook" | "skill" | "prompt" | "config" | "other";

export interface HarnessFile {
  /** Relative path, e.g. "tools/view.js", "hooks/pre_action/10-refuse_malformed_edit.js". */
  path: string;
  content: string;
  kind: HarnessFileKind;
  /** Required for kind "hook": the lifecycle position it runs at. */
  hookPosition?: HookPosition;
}

/** config.json of a harness. Every field has a default (DEFAULT_HARNESS_CONFIG in h0.ts). */
export interface HarnessConfig {
  /** Turn limit when the caller does not give one. */
  maxTurns: number;
  /**
   * The agent's context window, in characters of transcript after the pinned head (system prompt, issue,
   * skills). Facts the agent read in older text are forgotten — which is why long output costs something.
   */
  contextChars: number;
  /** How often a decision refused "for format" by a pre_action hook is asked again without using a turn. */
  formatRequeries: number;
  /** Wall-clock limit of one hook call (includes tests the hook runs). A hook over it is disabled. */
  hookTimeoutMs: number;
  /** Wall-clock limit of one tool call (includes its test runs). */
  toolTimeoutMs: number;
  /** Per test limit passed to the test runner. */
  testTimeoutMs: number;
  /** Watchdog over a whole episode; when it fires the episode reruns with a watchdog per hook/tool call. */
  episodeGuardMs: number;
}

export interface SearchHit { line: number; text: string }

export interface EditRecord { turn: number; line: number; operator: string }

/** What happened to the most recent test run, as a tool or hook can ask for it. */
export interface TestRunRecord {
  turn: number;
  /** Number of successful edits when the run happened; equal to editsMade means "after the last edit". */
  editIndex: number;
  /** All visible tests (true) or a subset (false). */
  full: boolean;
  results: readonly TestResult[];
}

/**
 * The tool API: an episode's workspace as harness code sees it. Results are frozen (they may be cached
 * and shared between episodes); mutating calls are applyEdit and submit.
 */
export interface ToolApi {
  readonly path: string;
  lineCount(): number;
  readFile(): string;
  readLines(): readonly string[];
  /** Names of the visible tests, in order. */
  visibleTestNames(): readonly string[];
  /** The code of a visible test (the agent may read its own tests), or null. */
  visibleTestCode(name: string): string | null;
  /** Runs every visible test on the current source; recorded as a test run the agent observed. */
  runVisibleTests(): readonly TestResult[];
  /** Runs the named visible tests on the current source; recorded as a partial test run. */
  runTests(names: readonly string[]): readonly TestResult[];
  /** The named (default: all) visible tests on the source before the last successful edit; null without an edit. */
  testsBeforeLastEdit(names?: readonly string[]): readonly TestResult[] | null;
  /** The most recent test run of this episode (by a tool or a hook), or null. */
  lastTestRun(): TestRunRecord | null;
  /** The conventional test report the agent knows how to read ("Ran n tests: …", FAIL "name": message). */
  formatTestReport(results: readonly TestResult[], options?: { title?: string; showCode?: boolean; failuresOnly?: boolean }): string;
  applicableOperators(line: number): readonly string[];
  applyEdit(line: number, operator: string): { ok: boolean; error?: string; before?: string; after?: string };
  edits(): readonly EditRecord[];
  lastEdit(): EditRecord | null;
  /**
   * The visible tests on the current file and on the file as it would be after edit(line, operator), without
   * applying the edit or recording a run (a look-ahead, as an editor lints a proposed change); null when the
   * operator does not apply there.
   */
  previewEdit(line: number, operator: string): { before: readonly TestResult[]; after: readonly TestResult[] } | null;
  /** Unified diff of the current source against the original ("" when unchanged). */
  diff(): string;
  /** Name of the function whose body holds the line (from its header above), or null. */
  enclosingFunction(line: number): string | null;
  /** Ends the episode after this turn; the hidden tests decide the reward. */
  submit(): void;
  /** Seeded per episode: harness code must not use Math.random for anything that changes the outcome. */
  random(): number;
}

/** What a tool returns: the observation text and a shell-style return code. */
export interface ToolOutput {
  output: string;
  returnCode: number;
  /** The action was malformed (bad arguments, an edit that does not apply). */
  formatError?: boolean;
}

export interface Tool {
  name: string;
  description: string;
  path: string;
  run(api: ToolApi, args: Record<string, unknown>): ToolOutput | string;
}

/** Environment facts a hook may read (the harness sees the workspace; the agent only what it was shown). */
export interface EpisodeFacts {
  /** Turns used so far (0 before the first). */
  turn: number;
  maxTurns: number;
  editsMade: number;
  failedEdits: number;
  /** Test runs (by tools or hooks) since the last successful edit, or since the start. */
  testRunsSinceEdit: number;
  lastTool: string | null;
  lastReturnCode: number | null;
  submitted: boolean;
}

export interface HookContext {
  position: HookPosition;
  /** pre_action: the action about to run (after earlier hooks' rewrites); post_feedback: the one that ran. */
  action: AgentAction | null;
  /** post_feedback: the observation so far (after earlier hooks' rewrites). */
  observation: string | null;
  returnCode: number | null;
  /** What the agent saw at its latest decision (null before the first). Read-only. */
  agent: Readonly<DecisionContext> | null;
  episode: Readonly<EpisodeFacts>;
  api: ToolApi;
  /** This hook's own state for this episode: starts as {} and persists across turns. */
  state: Record<string, unknown>;
  config: Readonly<HarnessConfig>;
}

/** What a hook may return (one effect, a list, or nothing). Which effects apply depends on the position. */
export type HookEffect =
  | { effect: "inject"; message: string }
  | { effect: "recover"; message: string }
  | { effect: "observe"; message: string }
  | { effect: "rewrite"; message: string; action?: AgentAction; observation?: string }
  | { effect: "refuse"; message: string; format?: boolean };

export interface Hook {
  name: string;
  path: string;
  position: HookPosition;
  run(ctx: HookContext): HookEffect | HookEffect[] | null | undefined | void;
}

export interface LoadedHarness {
  /** Content hash of the file set. */
  id: string;
  files: readonly HarnessFile[];
  config: HarnessConfig;
  /** The prompt file(s) followed by the tool list with each tool's description. */
  systemPrompt: string;
  /** By name; toolNames keeps their order (by file path). */
  tools: Record<string, Tool>;
  toolNames: readonly string[];
  /** Per position, ordered by file path. */
  hooks: Record<HookPosition, readonly Hook[]>;
  skills: readonly string[];
  /**
   * Hooks and tools that hit their time limit, by path: they stay disabled for the life of this loaded
   * harness, so one endless loop costs one timeout rather than one per turn of every episode.
   */
  disabled: Set<string>;
  /**
   * Every tool and hook is catalogue code (H0 or a component, matched by content hash): reviewed, with
   * loops over bounded lists only, so its episodes skip the per-episode watchdog (~0.15–0.4 ms each).
   * Any other code — an engineer's patch, a hand-written file — runs under the watchdog.
   */
  trusted: boolean;
  /** Points the harness realm's Math.random at the running episode's seeded stream. */
  setRandom(next: () => number): void;
}
