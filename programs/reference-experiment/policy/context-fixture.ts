// A DecisionContext for tests: a fresh episode on a 10-line file unless overridden.
import type { DecisionContext } from "../types";

export function makeContext(overrides: Partial<DecisionContext> = {}): DecisionContext {
  return {
    turn: 0,
    maxTurns: 20,
    tools: ["view", "run_tests", "search", "edit", "submit"],
    lastTool: null,
    lineCount: 10,
    viewed: false,
    editsMade: 0,
    testsRunSinceEdit: false,
    lastTestsPassed: null,
    failingTests: null,
    suspiciousLines: [],
    applicableOperators: {
      2: ["flip-comparison", "toggle-inclusive"],
      4: ["increment-constant", "decrement-constant"],
      6: ["swap-operator"],
      8: ["add-guard", "negate-condition"],
    },
    symptoms: [],
    hints: [],
    ...overrides,
  };
}
