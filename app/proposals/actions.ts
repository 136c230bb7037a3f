"use server";
// Deciding on a proposal in the dashboard (reviewers and admins). A trainer run with `--review human`
// waits for exactly this decision through the read API.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getStore } from "@/db/client";
import { recordHumanDecision } from "@/db/mutations/record-human-decision";
import { guardedAction } from "@/lib/auth/guarded-action";
import { zodErrorMessage, type ActionResult, type ActionState } from "@/lib/auth/action-result";

const DecideInput = z
  .object({
    proposalId: z.string().min(1, "missing proposal id").max(256),
    verdict: z.enum(["accept", "reject"], "choose accept or reject"),
    reason: z.string().trim().max(4000, "at most 4000 characters"),
  })
  .refine((v) => v.verdict === "accept" || v.reason.length > 0, { path: ["reason"], message: "say why you reject it" });

export const decideProposalAction = guardedAction(
  "reviewer",
  async (user, _previous: ActionState, formData?: FormData): Promise<ActionResult> => {
    const form = formData instanceof FormData ? formData : new FormData();
    const parsed = DecideInput.safeParse({ proposalId: form.get("proposalId") ?? "", verdict: form.get("verdict") ?? "", reason: form.get("reason") ?? "" });
    if (!parsed.success) return { error: zodErrorMessage(parsed.error) };
    const { proposalId, verdict, reason } = parsed.data;
    const result = recordHumanDecision(getStore(), { proposalId, verdict, reason: reason || null, user });
    if (!result.ok) return { error: result.error };
    revalidatePath("/proposals");
    return { ok: true };
  },
);
