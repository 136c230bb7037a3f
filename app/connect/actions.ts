"use server";
// Connect a trainer: mints an API token scoped to ingest only, always with an expiry, for an admin, with the
// same createApiToken (hashed, audited) the Settings page uses. The secret is returned once, to be shown in place.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getStore } from "@/db/client";
import type { ActionResult } from "@/lib/auth/action-result";
import { createApiToken } from "@/lib/auth/api-tokens";
import { createTokenOrNameError } from "@/lib/auth/token-name-error";
import { validatedAction } from "@/lib/auth/validated-action";

const DAY_MS = 24 * 60 * 60 * 1000;

const MintInput = z.object({
  name: z.string().trim().min(1, "give the token a name").max(100, "at most 100 characters"),
  // An empty field is "not given" (the message asks for a number), not 0 days.
  expiresInDays: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number("a number of days").int("whole days").min(1, "at least 1 day").max(365, "at most 365 days")),
});

type Minted = { name: string; secret: string; prefix: string; expiresAt: number };

export const mintIngestTokenAction = validatedAction(
  "admin", MintInput,
  async (user, input): Promise<ActionResult<Minted>> => {
    const expiresAt = Date.now() + input.expiresInDays * DAY_MS;
    const created = createTokenOrNameError(() => createApiToken(getStore(), { name: input.name, scopes: ["ingest"], createdBy: user.id, expiresAt }));
    if ("error" in created) return created;
    revalidatePath("/settings");
    return { ok: true, name: input.name, secret: created.secret, prefix: created.prefix, expiresAt };
  },
);
