// Hand-made trajectories for the teacher's tests: a compact script of steps becomes an EpisodeResult
// with one assistant turn per action, observation and hooks on the same turn, as the episode records it.
import type { AgentAction, EpisodeResult, HookMessage } from "../types";

export interface ScriptStep {
  action: AgentAction;
  observation?: string;
  returnCode?: number;
  formatError?: boolean;
  hooks?: HookMessage[];
}

export function scriptedEpisode(
  steps: ScriptStep[],
  outcome: { success: boolean; truncated?: boolean; taskId?: string },
): EpisodeResult {
  return {
    taskId: outcome.taskId ?? "task-1",
    turns: [
      { role: "system", content: "Repair the function so that every test passes.", hooks: [] },
      ...steps.map((s) => ({
        role: "assistant" as const,
        content: JSON.stringify(s.action),
        action: s.action,
        observation: s.observation ?? "",
        returnCode: s.returnCode,
        formatError: s.formatError,
        hooks: s.hooks ?? [],
      })),
    ],
    success: outcome.success,
    reward: outcome.success ? 1 : 0,
    truncated: outcome.truncated ?? false,
    exitStatus: outcome.truncated ? "turn_limit" : "submitted",
    submission: "",
    hiddenResults: [],
    decisions: [],
    durationMs: 1,
  };
}

// Observations in the formats of H0's tools and episode/test-report.ts.
export const view = (): ScriptStep => ({
  action: { tool: "view" },
  observation: "File src/count.js (3 lines):\n   1| // countAbove(values, threshold) -> number\n   2| function countAbove(values, threshold) {\n   3|   let total = 0;",
  returnCode: 0,
});
export const failingTests = (line: number, failing = 1): ScriptStep => ({
  action: { tool: "run_tests" },
  observation: [
    `Ran ${failing + 2} tests: ${failing} failed, 2 passed.`,
    ...Array.from({ length: failing }, (_, k) => `FAIL "counts above ${k}": countAbove([1, 3, 5], 3): expected 1, got 2 (at line ${line})`),
    'PASS "empty list"',
    'PASS "all below"',
  ].join("\n"),
  returnCode: 1,
});
export const passingTests = (): ScriptStep => ({
  action: { tool: "run_tests" },
  observation: 'Ran 3 tests: 0 failed, 3 passed.\nPASS "counts above 0"\nPASS "empty list"\nPASS "all below"',
  returnCode: 0,
});
export const edit = (line: number, operator: "toggle-inclusive" | "flip-comparison" | "add-guard" = "toggle-inclusive"): ScriptStep => ({
  action: { tool: "edit", line, operator },
  observation: `Applied ${operator} at line ${line}. Line ${line} now reads:\n   ${line}|     if (values[i] > threshold) total += 1;`,
  returnCode: 0,
});
export const failedEdit = (line: number): ScriptStep => ({
  action: { tool: "edit", line, operator: "swap-arguments" },
  observation: `swap-arguments does not apply at line ${line}.`,
  returnCode: 1,
  formatError: true,
});
export const submit = (): ScriptStep => ({ action: { tool: "submit" }, observation: "Submitted.", returnCode: 0 });
