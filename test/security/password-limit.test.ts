// The password limit holds on every path a password is typed (issue 13, findings 7 and 8), through the real
// handlers: the current-password check under Settings is refused after the sign-in limit — the right password
// too, with when to retry — and shares the counts with signing in; and more than 10,000 junk usernames sent to
// POST /api/v1/session do not reset a real account's block. scrypt is swapped for a fast stand-in here so the
// 10,001 junk sign-ins take seconds, not the ~8 CPU-minutes real hashing would cost (the e2e
// security-password-limit.spec.ts proves the Settings case against the production server with real hashing).
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => ({ cookies: new Map<string, string>(), headers: new Headers({ "x-forwarded-for": "203.0.113.7" }) }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (fake.cookies.has(name) ? { name, value: fake.cookies.get(name)! } : undefined),
    set: (name: string, value: string) => void fake.cookies.set(name, value),
    delete: (name: string) => void fake.cookies.delete(name),
  }),
  headers: async () => fake.headers,
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error(`NEXT_REDIRECT ${url}`), { url });
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("@/lib/services/auth/passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/services/auth/passwords")>();
  const hash = async (password: string) => `fast$${password}`;
  return {
    ...real,
    hashPassword: hash,
    verifyPassword: async (password: string, stored: string | null | undefined) => stored === (await hash(password)),
    verifyAgainstDummy: async () => false as const,
  };
});

import { getStore, openStore } from "@/db/client";
import { changePasswordAction } from "@/app/settings/actions";
import { POST as signIn } from "@/app/api/v1/session/route";
import { createSession, SESSION_COOKIE } from "@/lib/services/auth/sessions";
import { createUser, type SessionUser } from "@/lib/services/auth/users";

const PASSWORD = "right-password-1";
let user: SessionUser;

beforeAll(() => {
  (globalThis as { __harnessLabStore?: unknown }).__harnessLabStore = openStore(":memory:");
});
beforeEach(async () => {
  const created = await createUser(getStore(), { username: `u${Math.random().toString(36).slice(2, 10)}`, role: "viewer", password: PASSWORD });
  if (!created.ok) throw new Error("setup");
  user = created.user;
  fake.cookies.set(SESSION_COOKIE, createSession(getStore(), user.id, { method: "password" }).value);
});

const changePassword = (currentPassword: string) => {
  const form = new FormData();
  form.set("currentPassword", currentPassword);
  form.set("newPassword", "a-new-password-2");
  form.set("confirmPassword", "a-new-password-2");
  return changePasswordAction(null, form) as Promise<{ ok?: true; error?: string }>;
};
const postSignIn = (username: string, password: string) =>
  signIn(new Request("http://127.0.0.1:3000/api/v1/session", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000", "x-forwarded-for": "203.0.113.7" },
    body: JSON.stringify({ username, password }),
  }));

describe("the current-password check under Settings (finding 7)", () => {
  it("refuses the right password after 12 wrong ones, saying when to retry", async () => {
    for (let i = 0; i < 12; i++) expect((await changePassword(`wrong-guess-${i}`)).error).toMatch(/^currentPassword: /);
    const result = await changePassword(PASSWORD);
    expect(result.ok).toBeUndefined();
    expect(result.error).toMatch(/^currentPassword: too many wrong passwords; try again in \d+ (minutes|seconds?)$/);
  });

  it("shares the sign-in limiter: wrong guesses in Settings block signing in, and the other way round", async () => {
    for (let i = 0; i < 10; i++) await changePassword(`wrong-guess-${i}`);
    const blocked = await postSignIn(user.username, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    const other = await createUser(getStore(), { username: `v${Math.random().toString(36).slice(2, 10)}`, role: "viewer", password: PASSWORD });
    if (!other.ok) throw new Error("setup");
    for (let i = 0; i < 10; i++) expect((await postSignIn(other.user.username, `wrong-guess-${i}`)).status).toBe(401);
    fake.cookies.set(SESSION_COOKIE, createSession(getStore(), other.user.id, { method: "password" }).value);
    expect((await changePassword(PASSWORD)).error).toMatch(/too many wrong passwords/);
  });

  it("still accepts the right password below the limit", async () => {
    for (let i = 0; i < 3; i++) await changePassword(`wrong-guess-${i}`);
    expect(await changePassword(PASSWORD)).toEqual({ ok: true });
  });
});

describe("the per-account sign-in limit (finding 8)", () => {
  it("is not reset by more than 10,000 junk usernames through POST /api/v1/session", async () => {
    for (let i = 0; i < 10; i++) expect((await postSignIn(user.username, `wrong-guess-${i}`)).status).toBe(401);
    expect((await postSignIn(user.username, PASSWORD)).status).toBe(429);
    const before = getStore().sqlite.prepare("SELECT count(*) AS n FROM users").get();
    for (let i = 0; i < 10_001; i++) expect((await postSignIn(`junk-${i}`, "whatever-1")).status).toBe(401);
    // Refused sign-ins wrote nothing (no account was created for a junk name, no row of any kind).
    expect(getStore().sqlite.prepare("SELECT count(*) AS n FROM users").get()).toEqual(before);
    const after = await postSignIn(user.username, PASSWORD);
    expect(after.status).toBe(429);
  }, 120_000);
});
