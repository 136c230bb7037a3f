"use server";
// Connect a trainer: mints an API token scoped to ingest only, always with an expiry, for an admin, with the
// same createApiToken (hashed, audited) the Settings page uses. The secret is returned once, to be shown in place.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getStore } from "@/db/client";
import { zodErrorMessage, type ActionResult, type ActionState } from "@/lib/auth/action-result";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createTokenOrNameError } from "@/lib/auth/token-name-error";
import { guardedAction } from "@/lib/auth/guarded-action";

const DAY_MS = 24 * 60 * 60 * 1000;

const MintInput = z.object({
  name: z.string().trim().min(1, "give the token a name").max(100, "at most 100 characters"),
  expiresInDays: z.coerce.number("a number of days").int("whole days").min(1, "at least 1 day").max(365, "at most 365 days"),
});

type Minted = { name: string; secret: string; prefix: string; expiresAt: number };

export const mintIngestTokenAction = guardedAction(
  "admin",
  async (user, _previous: ActionState<Minted>, formData?: FormData): Promise<ActionResult<Minted>> => {
    const form = formData instanceof FormData ? formData : new FormData();
    const parsed = MintInput.safeParse({ name: form.get("name") ?? "", expiresInDays: form.get("expiresInDays") || undefined });
    if (!parsed.success) return { error: zodErrorMessage(parsed.error) };
    const expiresAt = Date.now() + parsed.data.expiresInDays * DAY_MS;
    const created = createTokenOrNameError(() => createApiToken(getStore(), { name: parsed.data.name, scopes: ["ingest"], createdBy: user.id, expiresAt }));
    if ("error" in created) return created;
    revalidatePath("/settings");
    return { ok: true, name: parsed.data.name, secret: created.secret, prefix: created.prefix, expiresAt };
  },
);
