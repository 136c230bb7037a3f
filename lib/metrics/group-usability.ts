// Whether one GRPO group feeds the policy update, and why (DOMAIN.md "trainable rate"). The rule is the one
// computeTrainingRates applies (lib/metrics/training-rates.ts): truncated rollouts are dropped by the length
// filter, rollouts without a known reward are dropped too, and the group counts only when what is left holds
// both a success and a failure. This module says it per group, in words a reader can check against the rows.

export interface GroupMemberInput {
  success: boolean;
  reward: number | null;
  truncated: boolean;
}

/**
 * Why a group is (not) usable. A closed set so the step page can count and filter by it:
 * - `mixed`: the kept rollouts hold a success and a failure — usable, every kept rollout is trainable;
 * - `all-succeeded` / `all-failed`: the kept rollouts share one outcome, so every advantage is zero;
 * - `all-truncated`: every rollout hit the token/turn/time limit, nothing is left;
 * - `unknown-reward`: the rollouts that survived the length filter have no known reward;
 * - `empty`: the group holds no rollout at all.
 */
export const GROUP_USABILITY_REASONS = ["mixed", "all-succeeded", "all-failed", "all-truncated", "unknown-reward", "empty"] as const;
export type GroupUsabilityReason = (typeof GROUP_USABILITY_REASONS)[number];

/** Why one member was left out. Truncation is checked first: the length filter runs before rewards matter. */
export type DropCause = "truncated" | "unknown-reward";

export interface GroupUsability {
  usable: boolean;
  reason: GroupUsabilityReason;
  /** K: every rollout sampled for the group, dropped ones included. */
  size: number;
  /** Rollouts left after dropping (not truncated, reward known). */
  kept: number;
  keptSuccesses: number;
  keptFailures: number;
  droppedTruncated: number;
  droppedUnknownReward: number;
  /** Per member, in input order: why it was dropped, or null when it was kept. */
  drops: Array<DropCause | null>;
  /** Rollouts this group adds to the trainable count: all kept ones when usable, else 0. */
  trainableRollouts: number;
  /**
   * The group held a success and a failure before dropping (outcomes of lib/domain/outcome.ts, unknown
   * counting as neither): dropping is what took the learning signal away.
   */
  mixedBeforeDropping: boolean;
}

export function dropCauseOf(member: GroupMemberInput): DropCause | null {
  if (member.truncated) return "truncated";
  if (member.reward === null) return "unknown-reward";
  return null;
}

export function computeGroupUsability(members: ReadonlyArray<GroupMemberInput>): GroupUsability {
  const drops = members.map(dropCauseOf);
  let keptSuccesses = 0;
  let keptFailures = 0;
  let droppedTruncated = 0;
  let droppedUnknownReward = 0;
  let anySuccess = false;
  let anyFailure = false;
  members.forEach((m, i) => {
    if (m.success) anySuccess = true;
    else if (m.reward !== null) anyFailure = true;
    const drop = drops[i];
    if (drop === "truncated") droppedTruncated += 1;
    else if (drop === "unknown-reward") droppedUnknownReward += 1;
    else if (m.success) keptSuccesses += 1;
    else keptFailures += 1;
  });
  const kept = keptSuccesses + keptFailures;
  const usable = keptSuccesses > 0 && keptFailures > 0;

  let reason: GroupUsabilityReason;
  if (members.length === 0) reason = "empty";
  else if (usable) reason = "mixed";
  else if (kept > 0) reason = keptSuccesses > 0 ? "all-succeeded" : "all-failed";
  else if (droppedUnknownReward === 0) reason = "all-truncated";
  else reason = "unknown-reward";

  return {
    usable,
    reason,
    size: members.length,
    kept,
    keptSuccesses,
    keptFailures,
    droppedTruncated,
    droppedUnknownReward,
    drops,
    trainableRollouts: usable ? kept : 0,
    mixedBeforeDropping: anySuccess && anyFailure,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "1 truncated rollout", "2 truncated rollouts and 1 rollout with unknown reward"; "" when nothing was dropped. */
function droppedPhrase(u: GroupUsability): string {
  const parts: string[] = [];
  if (u.droppedTruncated > 0) parts.push(plural(u.droppedTruncated, "truncated rollout", "truncated rollouts"));
  if (u.droppedUnknownReward > 0) parts.push(`${plural(u.droppedUnknownReward, "rollout", "rollouts")} with unknown reward`);
  return parts.join(" and ");
}

/** The reason with its counts, one line: what the step page's groups table shows. */
export function describeGroupUsability(u: GroupUsability): string {
  const dropped = u.droppedTruncated + u.droppedUnknownReward;
  switch (u.reason) {
    case "empty":
      return "no rollouts";
    case "mixed": {
      const base = `mixed: ${u.keptSuccesses} of ${u.kept} ${dropped > 0 ? "kept rollouts" : "rollouts"} succeeded`;
      return dropped > 0 ? `${base}, ${droppedPhrase(u)} dropped` : base;
    }
    case "all-succeeded":
    case "all-failed": {
      const verb = u.reason === "all-succeeded" ? "succeeded" : "failed";
      if (dropped === 0) return u.size === 1 ? `the only rollout ${verb}` : `all ${u.size} rollouts ${verb}`;
      const subject = u.kept === 1 ? "the only usable rollout" : `all ${u.kept} usable rollouts`;
      return `${subject} ${verb} after ${droppedPhrase(u)} ${dropped === 1 ? "was" : "were"} dropped`;
    }
    case "all-truncated":
      return u.size === 1 ? "its only rollout was truncated" : `every rollout truncated (${u.size} of ${u.size})`;
    case "unknown-reward": {
      const base = u.droppedUnknownReward === u.size
        ? u.size === 1 ? "unknown reward on its only rollout" : `unknown reward on all ${u.size} rollouts`
        : `unknown reward on ${plural(u.droppedUnknownReward, "rollout", "rollouts")}`;
      return u.droppedTruncated > 0 ? `${base}; ${plural(u.droppedTruncated, "truncated rollout", "truncated rollouts")} dropped` : base;
    }
  }
}

const SHORT: Record<GroupUsabilityReason, string> = {
  mixed: "mixed",
  "all-succeeded": "all succeeded",
  "all-failed": "all failed",
  "all-truncated": "every rollout truncated",
  "unknown-reward": "unknown reward",
  empty: "no rollouts",
};

/** "usable for the update" or "not usable: all failed": the group page's headline. */
export function groupVerdict(u: GroupUsability): string {
  return u.usable ? "usable for the update" : `not usable: ${SHORT[u.reason]}`;
}

/** The reason as a short tag ("all failed"), e.g. for a badge. */
export function reasonLabel(reason: GroupUsabilityReason): string {
  return SHORT[reason];
}

/** One or two sentences that explain the verdict in the terms of DOMAIN.md. */
export function explainGroupUsability(u: GroupUsability): string {
  const dropNote = u.mixedBeforeDropping && !u.usable
    ? " Before dropping it held both a success and a failure: the dropped rollouts took the learning signal with them."
    : "";
  switch (u.reason) {
    case "mixed":
      return `Its ${u.kept} kept rollouts hold both a success and a failure, so their rewards differ and give an advantage signal: all ${u.kept} count as trainable.`
        + (u.kept === u.size ? ""
          : u.size - u.kept === 1 ? " The dropped one does not count, though it stays in the trainable rate's denominator."
          : ` The ${u.size - u.kept} dropped ones do not count, though they stay in the trainable rate's denominator.`);
    case "all-succeeded":
      return `Every kept rollout succeeded, so all get the same advantage (zero): the group adds to the pass rate but not to the trainable rate.${dropNote}`;
    case "all-failed":
      return `Every kept rollout failed, so all get the same advantage (zero) and the group teaches the update nothing.${dropNote}`;
    case "all-truncated":
      return "Every rollout hit the token, turn or time limit and was dropped by the length filter, so nothing is left to learn from.";
    case "unknown-reward":
      return "No rollout that survived the length filter has a known reward, so no advantage can be computed for the group.";
    case "empty":
      return "The group holds no rollouts.";
  }
}
