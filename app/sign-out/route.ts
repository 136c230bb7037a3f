// POST /sign-out — POST only, so a link or an image tag cannot sign anyone out.
import { NextResponse } from "next/server";
import { getStore } from "@/db/client";
import { deleteSession, isHttps, readCookie, SESSION_COOKIE, sessionCookieOptions } from "@/lib/services/auth/sessions";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const value = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  // Without a session there is nothing to delete; the store is not even opened.
  if (value) deleteSession(getStore(), value);
  const response = new NextResponse(null, { status: 303, headers: { location: "/sign-in", "cache-control": "no-store" } });
  response.cookies.set(SESSION_COOKIE, "", { ...sessionCookieOptions(isHttps(request.headers, request.url), 0), maxAge: 0 });
  return response;
}
