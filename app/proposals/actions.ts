"use server";
// Deciding on a proposal in the dashboard (reviewers and admins), from the inbox or the proposal page. A
// trainer run with `--review human` waits for exactly this decision through the read API.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getStore } from "@/db/client";
import { recordHumanDecision } from "@/db/mutations/record-human-decision";
import { promotionSubjectOf } from "@/db/queries/harness-naming-rows";
import { validatedAction } from "@/lib/services/auth/validated-action";
import type { ActionResult } from "@/lib/services/auth/action-result";
import type { DecisionDone } from "@/components/proposals/decision-types";

const DecideInput = z.object({
  proposalId: z.string().min(1, "missing proposal id").max(256),
  verdict: z.enum(["accept", "reject"], "choose accept or reject"),
  reason: z.string().trim().max(4000, "at most 4000 characters"),
  nonce: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "missing or malformed form nonce; reload the page"),
});

export const decideProposalAction = validatedAction(
  "reviewer", DecideInput,
  async (user, { proposalId, verdict, reason, nonce }): Promise<ActionResult<DecisionDone>> => {
    const result = recordHumanDecision(getStore(), { proposalId, verdict, reason: reason || null, nonce, user });
    if (!result.ok) return { error: result.error };
    revalidatePath("/proposals");
    revalidatePath("/proposals/[id]", "page");
    revalidatePath("/audit");
    return {
      ok: true, verdict,
      ...(result.promotion ? { promotion: `${result.promotion.kind} ${result.promotion.label}`, subject: promotionSubjectOf(getStore(), result.promotion) } : {}),
    };
  },
);
