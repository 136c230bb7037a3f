"use server";
// Connect a trainer: mints an API token for one experiment, always with an expiry, for an admin, with the same
// createApiToken (hashed, audited) the Settings page uses. Scopes fit what the snippets do: ingest to send, and
// read of that experiment only when the trainer waits on the review gate (wait_for_decision reads its proposal's
// decision) — never admin. The secret is returned once, to be shown in place.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getStore } from "@/db/client";
import type { ActionResult } from "@/lib/services/auth/action-result";
import { createApiToken } from "@/lib/services/auth/api-tokens";
import { createTokenOrNameError } from "@/lib/services/auth/token-name-error";
import { validatedAction } from "@/lib/services/auth/validated-action";
import type { TokenScope } from "@/lib/domain/vocabulary";
import { Id } from "@/lib/events/primitives";
import type { MintedConnectToken } from "@/lib/connect/minted-token";

const DAY_MS = 24 * 60 * 60 * 1000;

const MintInput = z.object({
  name: z.string().trim().min(1, "give the token a name").max(100, "at most 100 characters"),
  // The experiment the trainer logs into (the snippets name it); the token's read is confined to it.
  experiment: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), Id),
  // An empty field is "not given" (the message asks for a number), not 0 days.
  expiresInDays: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number("a number of days").int("whole days").min(1, "at least 1 day").max(365, "at most 365 days")),
  // A checkbox: "on" when ticked, missing (read as "") when not.
  reviewGate: z.enum(["", "on"], "a checkbox: on or left out").transform((v) => v === "on"),
});

export const mintTrainerTokenAction = validatedAction(
  "admin", MintInput,
  async (user, input): Promise<ActionResult<MintedConnectToken>> => {
    const expiresAt = Date.now() + input.expiresInDays * DAY_MS;
    const scopes: TokenScope[] = input.reviewGate ? ["ingest", "read"] : ["ingest"];
    const created = createTokenOrNameError(() =>
      createApiToken(getStore(), { name: input.name, scopes, experimentId: input.experiment, createdBy: user.id, expiresAt }),
    );
    if ("error" in created) return created;
    revalidatePath("/settings");
    return { ok: true, name: input.name, secret: created.secret, prefix: created.prefix, expiresAt, experiment: input.experiment, scopes };
  },
);
