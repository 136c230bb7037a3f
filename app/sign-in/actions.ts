"use server";
// Signing in with username and password. This is the one public action: it is how a session starts.
// The checks, the rate limit and the session live in lib/services/auth/sign-in.ts, shared with POST /api/v1/session.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getStore } from "@/db/client";
import { publicAction } from "@/lib/services/auth/guarded-action";
import type { ActionError, ActionState } from "@/lib/services/auth/action-result";
import { isHttps, SESSION_COOKIE, sessionCookieOptions } from "@/lib/services/auth/sessions";
import { clientIp, signInWithPassword } from "@/lib/services/auth/sign-in";
import { LANDING_PATH } from "@/lib/services/auth/landing";

export const signInAction = publicAction(
  "signing in is how a session starts; it creates one only for a correct username and password",
  async (_previous: ActionState, formData?: FormData): Promise<ActionError> => {
    const form = formData instanceof FormData ? formData : new FormData();
    const requestHeaders = await headers();
    const result = await signInWithPassword(getStore(), { username: form.get("username") ?? "", password: form.get("password") ?? "" }, clientIp(requestHeaders));
    if (!result.ok) return { error: result.error };
    (await cookies()).set(SESSION_COOKIE, result.session.value, sessionCookieOptions(isHttps(requestHeaders), result.session.expiresAt));
    redirect(LANDING_PATH);
  },
);
