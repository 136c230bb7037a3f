// GET /sign-in/link?token=… — the one-time link printed on first start or by `harness-lab sign-in-link`.
import { NextResponse } from "next/server";
import { getStore } from "@/db/client";
import { createSession, isHttps, SESSION_COOKIE, sessionCookieOptions } from "@/lib/services/auth/sessions";
import { consumeSignInLink } from "@/lib/services/auth/users";
import { LANDING_PATH } from "@/lib/services/auth/landing";

export const dynamic = "force-dynamic";

// A relative Location stays right behind proxies that rewrite the Host header.
function seeOther(location: string): NextResponse {
  return new NextResponse(null, {
    status: 303,
    // no-referrer: the token is in this URL and must not travel onwards in a Referer header.
    headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });
}

export async function GET(request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const store = getStore();
  const result = consumeSignInLink(store, token);
  if (!result.ok) return seeOther(`/sign-in?error=link&reason=${result.error}`);
  const session = createSession(store, result.user.id, { method: "link" });
  const response = seeOther(LANDING_PATH);
  response.cookies.set(SESSION_COOKIE, session.value, sessionCookieOptions(isHttps(request.headers, request.url), session.expiresAt));
  return response;
}
