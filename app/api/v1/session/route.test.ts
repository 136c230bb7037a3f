import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, getStore, openStore } from "@/db/client";
import { createUser } from "@/lib/services/auth/users";
import { getSessionUser, readCookie, SESSION_COOKIE } from "@/lib/services/auth/sessions";
import { POST } from "./route";

const url = "http://lab.test/api/v1/session";
const signIn = (body: unknown, headers: Record<string, string> = {}, ip = "10.0.0.1") =>
  POST(new Request(url, { method: "POST", headers: { "content-type": "application/json", host: "lab.test", "x-forwarded-for": ip, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) }));
const rows = () => (getStore().sqlite.prepare("SELECT (SELECT count(*) FROM sessions) + (SELECT count(*) FROM audit_log) AS n").get() as { n: number }).n;

beforeAll(async () => {
  (globalThis as { __harnessLabStore?: unknown }).__harnessLabStore = openStore(":memory:");
  const created = await createUser(getStore(), { username: "ada", role: "reviewer", password: "password-123" });
  if (!created.ok) throw new Error("setup");
});
afterAll(() => closeStore());

describe("POST /api/v1/session", () => {
  it("signs in with the right pair: 200 and a session cookie that names the user", async () => {
    const response = await signIn({ username: "ada", password: "password-123" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { username: "ada", role: "reviewer" } });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(getSessionUser(getStore(), readCookie(cookie.split(";")[0], SESSION_COOKIE))?.username).toBe("ada");
  });

  it("answers bad input with a 400 naming the field, and writes nothing", async () => {
    const before = rows();
    for (const [body, field] of [
      [{ username: 1, password: "x" }, "username"], [{ username: "ada" }, "password"], [{ username: "ada", password: "x", role: "admin" }, "role"],
      [[], "body"], ["null", "body"], ["{broken", "body"], [{ username: "a".repeat(65), password: "x" }, "username"],
    ] as const) {
      const response = await signIn(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error, JSON.stringify(body)).toMatch(new RegExp(`^${field}: `));
    }
    expect((await signIn("{}", { "content-type": "text/plain" })).status).toBe(415);
    expect((await signIn({ username: "ada", password: "x".repeat(20_000) })).status).toBe(413);
    expect((await signIn({ username: "ada", password: "password-123" }, { origin: "http://evil.example" })).status).toBe(403);
    expect(rows()).toBe(before);
  });

  it("401 for a wrong pair without writing, then 429 with Retry-After once the limit is reached", async () => {
    const before = rows();
    for (let i = 0; i < 10; i++) {
      const response = await signIn({ username: "ada", password: `wrong-${i}` }, {}, "10.0.0.2");
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "wrong username or password" });
    }
    const blocked = await signIn({ username: "ada", password: "password-123" }, {}, "10.0.0.2");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(rows()).toBe(before);
    // Attempts sent at once cannot pass the limit together: at most 10 reach the password check.
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn({ username: "ada", password: `burst-${i}` }, {}, "10.0.0.9")));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(20);
    // Another address is not blocked by these failures.
    expect((await signIn({ username: "ada", password: "password-123" }, {}, "10.0.0.3")).status).toBe(200);
  });
});
