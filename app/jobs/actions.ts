"use server";
// Launching and cancelling jobs from the dashboard (reviewers and admins; guardedAction refuses viewers before
// anything runs, and launchJob / cancelJob check the role again). The launch redirects to the new job's page.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getStore } from "@/db/client";
import { cancelJob, launchJob } from "@/lib/services/jobs";
import { scopesForRole } from "@/lib/services/auth/pure/principal";
import { validatedAction } from "@/lib/services/auth/validated-action";
import type { ActionResult } from "@/lib/services/auth/action-result";
import type { SessionUser } from "@/lib/services/auth/users";
import { paramsFromForm } from "@/lib/services/jobs/form-params";
import { jobPath } from "@/lib/http/page-links";
import type { LaunchState } from "@/components/jobs/launch-types";

const actorOf = (user: SessionUser) => ({ kind: "user" as const, id: user.id, role: user.role, scopes: scopesForRole(user.role), name: user.username });

const CancelInput = z.object({ jobId: z.string().min(1, "missing job id").max(256) });

export const cancelJobAction = validatedAction(
  "reviewer", CancelInput,
  async (user, { jobId }): Promise<ActionResult<{ status: string }>> => {
    const result = await cancelJob(getStore(), { jobId, actor: actorOf(user) });
    if (!result.ok) return { error: result.error };
    revalidatePath("/jobs");
    revalidatePath("/audit");
    return { ok: true, status: result.job.status };
  },
);

const LaunchInput = z.object({
  template: z.string().min(1, "choose a template").max(256),
  experiment: z.string().min(1, "missing experiment").max(256),
});

export const launchJobAction = validatedAction("reviewer", LaunchInput, async (user, input, form): Promise<LaunchState> => {
  const params = paramsFromForm(form.entries());
  // The ticked "I have reviewed this harness version's code" boxes (one per unreviewed version shown).
  const confirmUnreviewed = form.getAll("confirmUnreviewed").filter((v): v is string => typeof v === "string" && v !== "");
  const result = await launchJob(getStore(), {
    templateId: input.template, experimentId: input.experiment, params, actor: actorOf(user), confirmUnreviewed,
  });
  if (!result.ok) {
    return {
      error: result.error.replace(/^experimentId:/, "experiment:"), problems: result.problems ?? [], values: params, jobId: result.job?.id,
      unreviewed: result.unreviewed?.map((v) => v.id),
    };
  }
  if (confirmUnreviewed.length) {
    revalidatePath("/audit");
    revalidatePath(`/experiments/${encodeURIComponent(input.experiment)}/harness`);
  }
  revalidatePath("/jobs");
  redirect(jobPath(result.job.id));
});
