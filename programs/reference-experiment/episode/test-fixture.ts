// A hand-written task and scripted policies for the harness and episode tests. The task follows the
// template conventions of tasks/templates.ts (signature comment on line 1, one statement per line); its
// bug is a flipped comparison on line 4, fixed by `edit(4, flip-comparison)`.
import type { Rng } from "../random";
import type { AgentAction, DecisionContext, RepairTask } from "../types";
import type { EpisodeDecision, EpisodePolicy } from "./policy-interface";

const REFERENCE = `// clamp(x, lo, hi) -> number: x limited to the range [lo, hi]
function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return hi;
  return x;
}

module.exports = { clamp };
`;

const check = (name: string, args: string, expected: number, kind: "fail_to_pass" | "pass_to_pass") => ({
  name, kind, code: `check("clamp(${args})", () => mod.clamp(${args}), ${expected});`,
});

export function clampTask(): RepairTask {
  return {
    id: "fixture:clamp-001",
    key: "fixture/clamp-001",
    suite: "train",
    families: ["wrong-comparison"],
    path: "src/clamp.js",
    source: REFERENCE.replace("if (x > hi) return hi;", "if (x < hi) return hi;"),
    reference: REFERENCE,
    visibleTests: [
      check("keeps a value inside the range", "2, 0, 5", 2, "fail_to_pass"),
      check("raises a value below the range", "-3, 0, 5", 0, "pass_to_pass"),
      check("lowers a value above the range", "9, 0, 5", 5, "pass_to_pass"),
    ],
    hiddenTests: [
      check("keeps a value inside the range", "2, 0, 5", 2, "fail_to_pass"),
      check("hidden: keeps the lower bound", "0, 0, 5", 0, "fail_to_pass"),
      check("raises a value below the range", "-3, 0, 5", 0, "pass_to_pass"),
      check("lowers a value above the range", "9, 0, 5", 5, "pass_to_pass"),
    ],
  };
}

/** A policy that plays actions[ctx.turn] (the last one again after the end) and keeps every context it saw. */
export function scriptedPolicy(actions: AgentAction[]): EpisodePolicy & { seen: DecisionContext[] } {
  const seen: DecisionContext[] = [];
  return {
    seen,
    decide(ctx: DecisionContext): EpisodeDecision {
      seen.push(ctx);
      const action = actions[Math.min(ctx.turn, actions.length - 1)];
      return { action, reasoning: `step ${ctx.turn}`, decision: { turn: ctx.turn, tool: action.tool } };
    },
  };
}

/** A policy that draws every choice from the rng: for determinism tests. */
export const randomPolicy: EpisodePolicy = {
  decide(ctx: DecisionContext, rng: Rng): EpisodeDecision {
    const tool = rng.pick(ctx.tools);
    let action: AgentAction = { tool };
    if (tool === "edit") {
      action = { tool, line: 1 + rng.int(ctx.lineCount), operator: rng.pick(["flip-comparison", "toggle-inclusive", "swap-operator"] as const) };
    } else if (tool === "search") {
      action = { tool, pattern: rng.pick(["<", ">", "return"]) };
    }
    return { action, reasoning: "random", decision: { draw: rng.next() } };
  },
};
