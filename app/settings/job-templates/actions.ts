"use server";
// Creating and editing job templates (admins only: a template decides which programs the server runs).
// saveTemplate validates the whole spec first and records the change in the audit log.
import { revalidatePath } from "next/cache";
import { getStore } from "@/db/client";
import { saveTemplate } from "@/lib/jobs";
import { scopesForRole } from "@/lib/auth/pure/principal";
import { guardedAction } from "@/lib/auth/guarded-action";
import type { ActionResult } from "@/lib/auth/action-result";

export const saveTemplateAction = guardedAction("admin", async (user, _previous: unknown, formData?: FormData): Promise<ActionResult<{ id: string }>> => {
  const form = formData instanceof FormData ? formData : new FormData();
  const id = String(form.get("id") ?? "").trim();
  const experiment = String(form.get("experiment") ?? "").trim();
  let spec: unknown;
  try {
    spec = JSON.parse(String(form.get("spec") ?? ""));
  } catch (error) {
    return { error: `spec: not valid JSON (${(error as Error).message})` };
  }
  const result = saveTemplate(getStore(), {
    id, experimentId: experiment || null, spec,
    actor: { kind: "user", id: user.id, role: user.role, scopes: scopesForRole(user.role) },
  });
  if (!result.ok) return { error: result.error };
  revalidatePath("/settings/job-templates");
  revalidatePath("/audit");
  return { ok: true, id: result.template.id };
});
