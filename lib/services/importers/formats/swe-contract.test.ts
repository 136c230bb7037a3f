// The drafts the SWE trajectory readers produce fit the event contract: every turn is a valid Turn,
// and the rollout fields make a valid rollout event once the assembly adds ids and a verdict.
import { describe, expect, it } from "vitest";
import { RolloutEvent, Turn } from "../../../events/rollout-event";
import { miniSweAgentReader } from "./mini-swe-agent";
import { sweAgentReader } from "./swe-agent";
import { peekFixture, peekReal, realFiles } from "./swe-test-files";
import type { ParsedFile } from "../types";

const inputs: Array<[string, () => ParsedFile]> = [
  ...realFiles("mini-swe-agent-v1", ".traj.json").map((n) => [n, () => miniSweAgentReader.read(peekReal(n))] as [string, () => ParsedFile]),
  ...realFiles("swe-agent-traj", ".traj").map((n) => [n, () => sweAgentReader.read(peekReal(n))] as [string, () => ParsedFile]),
  ["fixture mini-swe-agent-1.1", () => miniSweAgentReader.read(peekFixture("mini-swe-agent-1.1.traj.json"))],
  ["fixture swe-agent-query", () => sweAgentReader.read(peekFixture("swe-agent-query.traj"))],
];

describe("SWE trajectory drafts fit the event contract", () => {
  for (const [name, read] of inputs) {
    it(name, () => {
      const parsed = read();
      for (const rollout of parsed.rollouts) {
        rollout.turns.forEach((turn, i) => {
          const result = Turn.safeParse(turn);
          expect(result.success, `turn ${i}: ${result.error?.message}`).toBe(true);
        });
        const event = RolloutEvent.safeParse({
          type: "rollout",
          id: `import:${rollout.instanceId}`,
          experiment: "imported",
          run: "imported-run",
          task: `swe-bench:${rollout.instanceId}`,
          purpose: "eval",
          reward: null,
          success: false,
          exit_status: rollout.exitStatus,
          truncated: rollout.truncated ?? false,
          truncation_kind: rollout.truncationKind,
          tokens: rollout.tokens,
          cost_usd: rollout.costUsd,
          submission: rollout.submission,
          source_format: parsed.format,
          metadata: rollout.metadata,
          turns: rollout.turns,
        });
        expect(event.success, event.error?.message).toBe(true);
      }
    });
  }
});
