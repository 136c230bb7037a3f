// What the best patch of a packet is and how it becomes a harness version: "promoting the best patch to a
// harness version is an approval like any other", so this only points at its proposal page, where reviewers decide.
import Link from "next/link";
import type { PatchEvaluationRow } from "@/db/queries/failure-packets";
import { formatReward } from "@/lib/patches/format";
import { effectiveReward } from "@/lib/patches/patch-reward";
import { proposalPath } from "@/lib/http/page-links";
import { StatusBadge } from "@/components/ui/status-badge";

const AFTER_DECISION: Record<string, string> = {
  pending: "It waits for a decision.",
  accepted: "Its proposal was accepted: the patched harness is a harness version of this experiment.",
  rejected: "Its proposal was rejected; a reviewer can still change their mind there.",
  superseded: "Its proposal was superseded by a later one.",
};

export function BestPatchNote({ best }: { best: PatchEvaluationRow | null }) {
  if (!best) {
    return <p className="notice small">No patch is both valid and complete with a known reward, so this packet has no best patch.</p>;
  }
  const reward = effectiveReward(best);
  return (
    <div className="notice small" role="note" aria-label="Best patch">
      <p>
        <strong>Best patch: #{best.patchIndex ?? "?"}</strong>, reward {formatReward(reward)}
        {reward !== null && reward <= 0 && " — no valid, complete patch improved the batch"}.
      </p>
      {best.proposal ? (
        <p>
          Promoting it to a harness version is an approval like any other:{" "}
          <Link href={proposalPath(best.proposal.id)}>review it on its proposal page</Link> <StatusBadge status={best.proposal.status} />.{" "}
          {AFTER_DECISION[best.proposal.status] ?? ""}
        </p>
      ) : (
        <p>
          No proposal records this patch, so it cannot be promoted from here. A producer makes it reviewable by sending an{" "}
          <code>engineer_patch</code> proposal (the target&apos;s harness as base, the patched one as candidate) and naming it in the
          patch&apos;s <code>patch_evaluation</code> event.
        </p>
      )}
    </div>
  );
}
