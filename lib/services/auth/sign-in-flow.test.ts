// The pieces that touch Next (cookies(), redirect(), route handlers) exercised together, with
// next/headers and next/navigation replaced by small fakes.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const fake = vi.hoisted(() => ({ cookies: new Map<string, string>(), headers: new Headers() }));
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

import { closeStore, getStore, openStore } from "../../../db/client";
import { auditLog } from "../../../db/schema";
import { signInAction } from "../../../app/sign-in/actions";
import { changePasswordAction, createApiTokenAction, createUserAction } from "../../../app/settings/actions";
import { GET as signInLink } from "../../../app/sign-in/link/route";
import { POST as signOut } from "../../../app/sign-out/route";
import { actionGuardOf } from "./guarded-action";
import { requireUser } from "./current-user";
import { createSession, getSessionUser, SESSION_COOKIE } from "./sessions";
import { createSignInLink, createUser, type SessionUser } from "./users";

const users: Record<"viewer" | "admin", SessionUser> = {} as never;

beforeAll(async () => {
  (globalThis as { __harnessLabStore?: unknown }).__harnessLabStore = openStore(":memory:");
  for (const role of ["viewer", "admin"] as const) {
    const created = await createUser(getStore(), { username: role === "admin" ? "boss" : "vic", role, password: "password-123" });
    if (!created.ok) throw new Error("setup");
    users[role] = created.user;
  }
});
afterAll(() => closeStore());
beforeEach(() => {
  fake.cookies.clear();
  fake.headers = new Headers({ "x-forwarded-for": "10.0.0.1", "x-forwarded-proto": "http", host: "lab.test" });
});

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
};
const signInAs = (role: "viewer" | "admin") => fake.cookies.set(SESSION_COOKIE, createSession(getStore(), users[role].id).value);
const redirectOf = async (promise: Promise<unknown>) => promise.then(() => null, (e: { url?: string }) => e.url ?? String(e));

describe("sign-in action", () => {
  it("says 'wrong username or password' for either mistake", async () => {
    expect(await signInAction(null, form({ username: "vic", password: "nope-nope" }))).toEqual({ error: "wrong username or password" });
    expect(await signInAction(null, form({ username: "nobody", password: "password-123" }))).toEqual({ error: "wrong username or password" });
    expect(await signInAction(null, form({ username: "", password: "x" }))).toEqual({ error: "username: enter your username" });
    expect(fake.cookies.size).toBe(0);
  });

  it("sets the session cookie and redirects to the home page", async () => {
    expect(await redirectOf(signInAction(null, form({ username: "VIC", password: "password-123" })))).toBe("/");
    expect(getSessionUser(getStore(), fake.cookies.get(SESSION_COOKIE))).toEqual(users.viewer);
  });

  it("locks a username+IP after 10 failures in 15 minutes", async () => {
    for (let i = 0; i < 10; i++) await signInAction(null, form({ username: "boss", password: `wrong-${i}` }));
    const blocked = { error: "too many attempts, try again later" };
    expect(await signInAction(null, form({ username: "boss", password: "password-123" }))).toEqual(blocked);
    fake.headers.set("x-forwarded-for", "10.0.0.2");
    expect(await redirectOf(signInAction(null, form({ username: "boss", password: "password-123" })))).toBe("/");
  });
});

describe("guarded settings actions", () => {
  it("carry the guard marker", () => {
    expect(actionGuardOf(createApiTokenAction)).toEqual({ kind: "role", minRole: "admin" });
    expect(actionGuardOf(changePasswordAction)).toEqual({ kind: "role", minRole: "viewer" });
    expect(actionGuardOf(signInAction)?.kind).toBe("public");
  });

  it("refuse without a session and below the role", async () => {
    const input = form({ name: "x", scopes: ["read"] });
    expect(await createApiTokenAction(null, input)).toEqual({ error: "sign in first" });
    signInAs("viewer");
    expect(await createApiTokenAction(null, input)).toEqual({ error: "needs role admin" });
  });

  it("create a token for an admin, shown once, and audit it", async () => {
    signInAs("admin");
    const result = await createApiTokenAction(null, form({ name: "ci", scopes: ["ingest", "read"], expiresInDays: "7" }));
    expect(result).toMatchObject({ ok: true, name: "ci", secret: expect.stringMatching(/^hl_/) });
    const audit = getStore().db.select().from(auditLog).all();
    expect(audit.some((r) => r.action === "token.create" && r.actorId === users.admin.id)).toBe(true);
    expect(await createApiTokenAction(null, form({ name: "ci" }))).toEqual({ error: "scopes: choose at least one scope" });
    expect(await createApiTokenAction(null, form({ name: "ci", scopes: "read", expiresInDays: "0" }))).toEqual({
      error: "expiresInDays: at least 1 day",
    });
  });

  it("validate user and password forms with messages naming the field", async () => {
    signInAs("admin");
    // "boss" is locked out from 10.0.0.1 by the sign-in test above, and the current-password check shares that limit.
    fake.headers.set("x-forwarded-for", "10.0.0.3");
    expect(await createUserAction(null, form({ username: "bad name", role: "viewer" }))).toMatchObject({ error: expect.stringMatching(/^username: /) });
    expect(await createUserAction(null, form({ username: "vic", role: "viewer" }))).toEqual({ error: "username: already taken" });
    expect(await createUserAction(null, form({ username: "newbie", role: "king" }))).toMatchObject({ error: expect.stringMatching(/^role: /) });
    const created = await createUserAction(null, form({ username: "newbie", role: "reviewer", password: "" }));
    expect(created).toMatchObject({ ok: true, username: "newbie", signInLink: expect.stringMatching(/^http:\/\/lab\.test\/sign-in\/link\?token=/) });
    expect(await changePasswordAction(null, form({ currentPassword: "password-123", newPassword: "abcdefgh", confirmPassword: "abcdefgX" }))).toEqual({
      error: "confirmPassword: does not match the new password",
    });
    expect(await changePasswordAction(null, form({ currentPassword: "wrong", newPassword: "abcdefgh", confirmPassword: "abcdefgh" }))).toEqual({
      error: "currentPassword: wrong password",
    });
  });
});

describe("requireUser", () => {
  it("redirects strangers to /sign-in and low roles to /forbidden", async () => {
    expect(await redirectOf(requireUser())).toBe("/sign-in");
    signInAs("viewer");
    expect(await redirectOf(requireUser("admin"))).toBe("/forbidden?need=admin");
    expect(await requireUser("viewer")).toEqual(users.viewer);
  });
});

describe("sign-in link and sign-out routes", () => {
  it("sign in once per link, with an httpOnly SameSite=Lax cookie", async () => {
    const { token } = createSignInLink(getStore(), users.viewer.id);
    const first = await signInLink(new Request(`http://lab.test/sign-in/link?token=${token}`));
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/");
    const cookie = first.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^harness_lab_session=hl_sess_/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const again = await signInLink(new Request(`http://lab.test/sign-in/link?token=${token}`));
    expect(again.headers.get("location")).toBe("/sign-in?error=link&reason=used");
    expect(again.headers.get("set-cookie")).toBeNull();

    const https = createSignInLink(getStore(), users.viewer.id).token;
    const secure = await signInLink(new Request(`https://lab.test/sign-in/link?token=${https}`));
    expect(secure.headers.get("set-cookie")).toMatch(/Secure/i);
  });

  it("sign out deletes the session and clears the cookie", async () => {
    const { value } = createSession(getStore(), users.viewer.id);
    const response = await signOut(new Request("http://lab.test/sign-out", { method: "POST", headers: { cookie: `${SESSION_COOKIE}=${value}` } }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/sign-in");
    expect(response.headers.get("set-cookie")).toMatch(/^harness_lab_session=;/);
    expect(getSessionUser(getStore(), value)).toBeNull();
  });
});
