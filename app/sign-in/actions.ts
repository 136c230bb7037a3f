"use server";
// Signing in with username and password. This is the one public action: it is how a session starts.
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getStore } from "@/db/client";
import { publicAction } from "@/lib/auth/guarded-action";
import { zodErrorMessage, type ActionError, type ActionState } from "@/lib/auth/action-result";
import { MAX_PASSWORD_LENGTH } from "@/lib/auth/passwords";
import { signInLimiters } from "@/lib/auth/rate-limit";
import { createSession, isHttps, SESSION_COOKIE, sessionCookieOptions } from "@/lib/auth/sessions";
import { authenticatePassword } from "@/lib/auth/users";

const SignInInput = z.object({
  username: z.string().trim().min(1, "enter your username").max(64, "at most 64 characters"),
  password: z.string().min(1, "enter your password").max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`),
});

const TOO_MANY = "too many attempts, try again later";

// The proxy nearest to us appends the address it saw last; without a proxy Next fills it in.
function clientIp(h: Headers): string {
  const forwarded = h.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || h.get("x-real-ip") || "unknown";
}

export const signInAction = publicAction(
  "signing in is how a session starts; it creates one only for a correct username and password",
  async (_previous: ActionState, formData?: FormData): Promise<ActionError> => {
    const form = formData instanceof FormData ? formData : new FormData();
    const parsed = SignInInput.safeParse({ username: form.get("username") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) return { error: zodErrorMessage(parsed.error) };
    const { username, password } = parsed.data;

    const requestHeaders = await headers();
    const { perUserAndIp, perUser } = signInLimiters();
    const userKey = username.toLowerCase();
    const ipKey = `${userKey}|${clientIp(requestHeaders)}`;
    if (perUserAndIp.isBlocked(ipKey) || perUser.isBlocked(userKey)) return { error: TOO_MANY };

    const store = getStore();
    const user = await authenticatePassword(store, username, password);
    if (!user) {
      perUserAndIp.recordFailure(ipKey);
      perUser.recordFailure(userKey);
      return { error: "wrong username or password" };
    }
    perUserAndIp.reset(ipKey);

    const session = createSession(store, user.id, { method: "password" });
    (await cookies()).set(SESSION_COOKIE, session.value, sessionCookieOptions(isHttps(requestHeaders), session.expiresAt));
    redirect("/experiments");
  },
);
