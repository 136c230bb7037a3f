import { describe, expect, it } from "vitest";
import { createRng } from "../../programs/reference-experiment/random";
import { computeTrainingRates } from "./training-rates";
import {
  GROUP_USABILITY_REASONS, computeGroupUsability, describeGroupUsability, explainGroupUsability, groupVerdict,
  type GroupMemberInput, type GroupUsabilityReason,
} from "./group-usability";

const S: GroupMemberInput = { success: true, reward: 1, truncated: false };
const F: GroupMemberInput = { success: false, reward: 0, truncated: false };
const truncated = (m: GroupMemberInput): GroupMemberInput => ({ ...m, truncated: true });
const unknown: GroupMemberInput = { success: false, reward: null, truncated: false };

describe("computeGroupUsability: every reason", () => {
  it("mixed: usable, every kept rollout trainable, the dropped one named", () => {
    const u = computeGroupUsability([S, S, S, F, F, F, F, truncated(F)]);
    expect(u).toMatchObject({
      usable: true, reason: "mixed", size: 8, kept: 7, keptSuccesses: 3, keptFailures: 4,
      droppedTruncated: 1, droppedUnknownReward: 0, trainableRollouts: 7,
    });
    expect(u.drops).toEqual([null, null, null, null, null, null, null, "truncated"]);
    expect(describeGroupUsability(u)).toBe("mixed: 3 of 7 kept rollouts succeeded, 1 truncated rollout dropped");
    expect(groupVerdict(u)).toBe("usable for the update");
    expect(explainGroupUsability(u)).toContain("all 7 count as trainable. The dropped one does not count, though it stays in the trainable rate's denominator.");
  });

  it("mixed without drops speaks of all rollouts", () => {
    const u = computeGroupUsability([S, F, F, F]);
    expect(describeGroupUsability(u)).toBe("mixed: 1 of 4 rollouts succeeded");
    expect(explainGroupUsability(u)).toContain("all 4 count as trainable");
  });

  it("all succeeded: counts for pass rate, not for the update", () => {
    const u = computeGroupUsability([S, S, S, S]);
    expect(u).toMatchObject({ usable: false, reason: "all-succeeded", kept: 4, trainableRollouts: 0, mixedBeforeDropping: false });
    expect(describeGroupUsability(u)).toBe("all 4 rollouts succeeded");
    expect(groupVerdict(u)).toBe("not usable: all succeeded");
    expect(explainGroupUsability(u)).toContain("pass rate but not to the trainable rate");
  });

  it("all failed", () => {
    const u = computeGroupUsability([F, F, F, F]);
    expect(u).toMatchObject({ usable: false, reason: "all-failed", keptFailures: 4 });
    expect(describeGroupUsability(u)).toBe("all 4 rollouts failed");
    expect(groupVerdict(u)).toBe("not usable: all failed");
  });

  it("all failed after the only success was truncated: says the drop took the signal away", () => {
    const u = computeGroupUsability([truncated(S), F, F, truncated(F)]);
    expect(u).toMatchObject({ usable: false, reason: "all-failed", kept: 2, droppedTruncated: 2, mixedBeforeDropping: true });
    expect(u.drops).toEqual(["truncated", null, null, "truncated"]);
    expect(describeGroupUsability(u)).toBe("all 2 usable rollouts failed after 2 truncated rollouts were dropped");
    expect(explainGroupUsability(u)).toContain("dropped rollouts took the learning signal with them");
  });

  it("a uniform group whose dropped rollouts agree is not said to have lost a signal", () => {
    const u = computeGroupUsability([S, S, truncated(S)]);
    expect(u).toMatchObject({ reason: "all-succeeded", mixedBeforeDropping: false });
    expect(describeGroupUsability(u)).toBe("all 2 usable rollouts succeeded after 1 truncated rollout was dropped");
    expect(explainGroupUsability(u)).not.toContain("took the learning signal");
  });

  it("every rollout truncated", () => {
    const u = computeGroupUsability([truncated(S), truncated(F), truncated(unknown)]);
    expect(u).toMatchObject({ usable: false, reason: "all-truncated", kept: 0, droppedTruncated: 3, droppedUnknownReward: 0 });
    expect(describeGroupUsability(u)).toBe("every rollout truncated (3 of 3)");
    expect(groupVerdict(u)).toBe("not usable: every rollout truncated");
  });

  it("unknown reward: truncation is counted first, the rest have no reward", () => {
    const u = computeGroupUsability([unknown, unknown, truncated(F), truncated(unknown)]);
    expect(u).toMatchObject({ usable: false, reason: "unknown-reward", droppedTruncated: 2, droppedUnknownReward: 2 });
    expect(u.drops).toEqual(["unknown-reward", "unknown-reward", "truncated", "truncated"]);
    expect(describeGroupUsability(u)).toBe("unknown reward on 2 rollouts; 2 truncated rollouts dropped");
    expect(groupVerdict(u)).toBe("not usable: unknown reward");
    const all = computeGroupUsability([unknown, unknown, unknown, unknown]);
    expect(describeGroupUsability(all)).toBe("unknown reward on all 4 rollouts");
  });

  it("a success whose reward is unknown is dropped, not counted as the group's success", () => {
    const u = computeGroupUsability([{ success: true, reward: null, truncated: false }, F, F]);
    expect(u).toMatchObject({ usable: false, reason: "all-failed", droppedUnknownReward: 1, mixedBeforeDropping: true });
    expect(describeGroupUsability(u)).toBe("all 2 usable rollouts failed after 1 rollout with unknown reward was dropped");
  });

  it("mixed with both kinds of drop names both", () => {
    const u = computeGroupUsability([S, F, truncated(S), unknown, unknown]);
    expect(describeGroupUsability(u)).toBe("mixed: 1 of 2 kept rollouts succeeded, 1 truncated rollout and 2 rollouts with unknown reward dropped");
    expect(u.trainableRollouts).toBe(2);
  });

  it("an empty group", () => {
    const u = computeGroupUsability([]);
    expect(u).toMatchObject({ usable: false, reason: "empty", size: 0, trainableRollouts: 0 });
    expect(groupVerdict(u)).toBe("not usable: no rollouts");
  });

  it("a single rollout can never be mixed", () => {
    expect(describeGroupUsability(computeGroupUsability([S]))).toBe("the only rollout succeeded");
    expect(computeGroupUsability([F]).usable).toBe(false);
  });
});

describe("computeGroupUsability agrees with computeTrainingRates", () => {
  const MEMBER_KINDS: GroupMemberInput[] = [
    S, F, unknown, truncated(S), truncated(F), truncated(unknown),
    { success: true, reward: null, truncated: false }, { success: false, reward: 0.25, truncated: false },
  ];

  it("on 2,000 random steps: same trainable rollouts, same mixed groups, per group and in total", () => {
    const rng = createRng(20260417);
    const seen = new Set<GroupUsabilityReason>();
    for (let trial = 0; trial < 2_000; trial++) {
      const groups = Array.from({ length: 1 + rng.int(6) }, () =>
        Array.from({ length: rng.int(9) }, () => MEMBER_KINDS[rng.int(MEMBER_KINDS.length)]),
      );
      let trainable = 0;
      let usableGroups = 0;
      let nonEmpty = 0;
      groups.forEach((members, g) => {
        const u = computeGroupUsability(members);
        seen.add(u.reason);
        const alone = computeTrainingRates(members.map((m) => ({ ...m, groupKey: `g${g}` })));
        expect(u.trainableRollouts).toBe(alone.trainableRollouts);
        expect(u.usable ? 1 : 0).toBe(alone.mixedGroups);
        expect(u.kept + u.droppedTruncated + u.droppedUnknownReward).toBe(members.length);
        trainable += u.trainableRollouts;
        if (u.usable) usableGroups += 1;
        if (members.length > 0) nonEmpty += 1;
      });
      const rates = computeTrainingRates(groups.flatMap((members, g) => members.map((m) => ({ ...m, groupKey: `g${g}` }))));
      expect(rates.trainableRollouts).toBe(trainable);
      expect(rates.mixedGroups).toBe(usableGroups);
      // An empty group has no rollout to carry its key, so the rates cannot see it.
      expect(rates.groups).toBe(nonEmpty);
    }
    expect([...seen].sort()).toEqual([...GROUP_USABILITY_REASONS].sort());
  });
});
