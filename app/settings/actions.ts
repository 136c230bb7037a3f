"use server";
// Settings mutations: API tokens and users (admins), your own password (anyone signed in).
// Each one is a guardedAction, and each change is audited by the lib function that makes it.
// A "use server" file may export only async functions, so the zod inputs stay private.
import { cookies, headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getStore } from "@/db/client";
import { ROLES, TOKEN_SCOPES } from "@/lib/domain/vocabulary";
import type { ActionResult } from "@/lib/services/auth/action-result";
import { createApiToken, revokeApiToken } from "@/lib/services/auth/api-tokens";
import { createTokenOrNameError } from "@/lib/services/auth/token-name-error";
import { userActor } from "@/lib/domain/audit-actor";
import { validatedAction } from "@/lib/services/auth/validated-action";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/services/auth/passwords";
import { deleteOtherSessions, requestBaseUrl, SESSION_COOKIE } from "@/lib/services/auth/sessions";
import { clientIp } from "@/lib/services/auth/sign-in";
import { limitedPasswordCheck, retryIn } from "@/lib/services/auth/password-attempts";
import { checkCurrentPassword, createSignInLink, createUser, setPassword, signInLinkUrl, USERNAME_PATTERN } from "@/lib/services/auth/users";

const DAY_MS = 24 * 60 * 60 * 1000;

const password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`);

// Empty form fields arrive as "", which means "not given" for every optional field here.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

const CreateApiTokenInput = z.object({
  name: z.string().trim().min(1, "give the token a name").max(100, "at most 100 characters"),
  scopes: z.array(z.enum(TOKEN_SCOPES, "unknown scope")).min(1, "choose at least one scope"),
  expiresInDays: optional(z.coerce.number("a number of days").int("whole days").min(1, "at least 1 day").max(3650, "at most 3650 days")),
});

const CreateUserInput = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, "2–64 letters, digits, dots, underscores or dashes"),
  displayName: optional(z.string().trim().max(100, "at most 100 characters")),
  role: z.enum(ROLES, "choose viewer, reviewer or admin"),
  password: optional(password),
});

const ChangePasswordInput = z
  .object({
    currentPassword: z.string().max(MAX_PASSWORD_LENGTH),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "does not match the new password" });

const RevokeApiTokenInput = z.object({ id: z.string().min(1, "missing token id") });

type CreatedToken = { name: string; secret: string; prefix: string; expiresAt: number | null };

export const createApiTokenAction = validatedAction(
  "admin", CreateApiTokenInput,
  async (user, { name, scopes, expiresInDays }): Promise<ActionResult<CreatedToken>> => {
    const expiresAt = expiresInDays ? Date.now() + expiresInDays * DAY_MS : null;
    const created = createTokenOrNameError(() => createApiToken(getStore(), { name, scopes, createdBy: user.id, expiresAt }));
    if ("error" in created) return created;
    revalidatePath("/settings");
    return { ok: true, name, secret: created.secret, prefix: created.prefix, expiresAt };
  },
);

export const revokeApiTokenAction = validatedAction(
  "admin", RevokeApiTokenInput,
  async (user, { id }): Promise<ActionResult> => {
    const result = revokeApiToken(getStore(), id, userActor(user.id));
    if (!result.ok) return { error: result.error === "not_found" ? "id: no such token" : "this token is already revoked" };
    revalidatePath("/settings");
    return { ok: true };
  },
);

type CreatedUser = { username: string; signInLink: string | null };

export const createUserAction = validatedAction(
  "admin", CreateUserInput,
  async (user, input): Promise<ActionResult<CreatedUser>> => {
    const store = getStore();
    const created = await createUser(store, input, userActor(user.id));
    if (!created.ok) {
      return { error: created.error === "username_taken" ? "username: already taken" : "username: not a valid username" };
    }
    // Without a password the new user needs a way in: a one-time link the admin passes on.
    let signInLink: string | null = null;
    if (!input.password) {
      const { token } = createSignInLink(store, created.user.id, { actor: userActor(user.id) });
      signInLink = signInLinkUrl(requestBaseUrl(await headers()), token);
    }
    revalidatePath("/settings");
    return { ok: true, username: created.user.username, signInLink };
  },
);

export const changePasswordAction = validatedAction(
  "viewer", ChangePasswordInput,
  async (user, input): Promise<ActionResult> => {
    const store = getStore();
    // The same limiter as signing in (per account, and per account and address): a stolen session cannot
    // guess the password it would need to take the account over, faster than the sign-in form could.
    const check = await limitedPasswordCheck({ userId: user.id, username: user.username }, clientIp(await headers()), async () => {
      const outcome = await checkCurrentPassword(store, user.id, input.currentPassword);
      return outcome === "wrong" ? null : outcome;
    });
    if (!check.ok && check.reason === "blocked") return { error: `currentPassword: too many wrong passwords; try again ${retryIn(check.retryAfterSeconds)}` };
    if (!check.ok) return { error: "currentPassword: wrong password" };
    await setPassword(store, user.id, input.newPassword, userActor(user.id));
    deleteOtherSessions(store, user.id, (await cookies()).get(SESSION_COOKIE)?.value);
    revalidatePath("/settings");
    return { ok: true };
  },
);
