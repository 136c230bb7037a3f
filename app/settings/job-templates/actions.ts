"use server";
// Creating and editing job templates (admins only: a template decides which programs the server runs).
// saveTemplate validates the whole spec first and records the change in the audit log.
import { revalidatePath } from "next/cache";
import { getStore } from "@/db/client";
import { saveTemplate } from "@/lib/services/jobs";
import { scopesForRole } from "@/lib/services/auth/pure/principal";
import { z } from "zod";
import { validatedAction } from "@/lib/services/auth/validated-action";
import type { ActionResult } from "@/lib/services/auth/action-result";

// The spec's own fields are checked by saveTemplate (lib/services/jobs/pure/template-schema.ts); here it must be JSON.
const SaveTemplateInput = z.object({
  id: z.string().trim(),
  experiment: z.string().trim(),
  spec: z.string().transform((text, context): unknown => {
    try {
      return JSON.parse(text);
    } catch (error) {
      context.addIssue({ code: "custom", message: `not valid JSON (${(error as Error).message})` });
      return z.NEVER;
    }
  }),
});

export const saveTemplateAction = validatedAction("admin", SaveTemplateInput, async (user, { id, experiment, spec }): Promise<ActionResult<{ id: string }>> => {
  const result = saveTemplate(getStore(), {
    id, experimentId: experiment || null, spec,
    actor: { kind: "user", id: user.id, role: user.role, scopes: scopesForRole(user.role) },
  });
  if (!result.ok) return { error: result.error };
  revalidatePath("/settings/job-templates");
  revalidatePath("/audit");
  return { ok: true, id: result.template.id };
});
