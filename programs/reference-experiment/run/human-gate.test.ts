import { describe, expect, it } from "vitest";
import { waitForHumanDecision, type DecisionReader } from "./human-gate";

/** A read API whose proposal gets a person's decision after `after` polls. */
function reader(after: number | null): DecisionReader & { polls: number } {
  const state = {
    url: "http://lab",
    polls: 0,
    async getJson<T>(): Promise<T> {
      state.polls++;
      const decided = after !== null && state.polls > after;
      const decisions = decided ? [{ verdict: "reject", actorKind: "human", actor: "ada", reason: "hurts trainable rate" }] : [];
      return { proposals: [{ id: "p1", decisions }, { id: "p2", decisions: [{ verdict: "accept", actorKind: "human", actor: "x", reason: null }] }] } as T;
    },
  };
  return state;
}

describe("waitForHumanDecision", () => {
  it("returns the person's decision once it appears, and says what it waits for meanwhile", async () => {
    let clock = 0;
    const log: string[] = [];
    const api = reader(2);
    const decision = await waitForHumanDecision(api, {
      experiment: "e", proposalId: "p1", title: "add a hook", ruleSays: "accept", timeoutMs: 60_000, intervalMs: 20_000,
      log: (l) => log.push(l), sleep: async (ms) => void (clock += ms), now: () => clock,
    });
    expect(decision).toEqual({ verdict: "reject", actor: "ada", reason: "hurts trainable rate" });
    expect(api.polls).toBe(3);
    expect(log[0]).toMatch(/waiting for a decision on "add a hook" at http:\/\/lab\/proposals .*the rule would say: accept/);
  });

  it("gives up after the timeout and ignores other proposals' decisions", async () => {
    let clock = 0;
    const decision = await waitForHumanDecision(reader(null), {
      experiment: "e", proposalId: "p1", title: "t", ruleSays: "reject", timeoutMs: 10_000, intervalMs: 4_000,
      log: () => {}, sleep: async (ms) => void (clock += ms), now: () => clock,
    });
    expect(decision).toBeNull();
    expect(clock).toBeGreaterThanOrEqual(10_000);
  });
});
