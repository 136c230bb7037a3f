import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { auditLog, sessions } from "../../../db/schema";
import { createSession, deleteOtherSessions, deleteSession, getSessionUser, readCookie, SESSION_TTL_MS, sessionCookieOptions } from "./sessions";
import { createUser, type SessionUser } from "./users";

let store: Store;
let user: SessionUser;
beforeEach(async () => {
  store = openStore(":memory:");
  const created = await createUser(store, { username: "frank", role: "viewer" });
  if (!created.ok) throw new Error("setup");
  user = created.user;
});
afterEach(() => store.sqlite.close());

describe("sessions", () => {
  it("store only the sha256 of the cookie value", () => {
    const { value } = createSession(store, user.id);
    const row = store.db.select().from(sessions).get()!;
    expect(row.idHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.idHash).not.toBe(value);
    expect(getSessionUser(store, value)).toEqual(user);
    expect(getSessionUser(store, row.idHash)).toBeNull();
  });

  it("expire after 14 days", () => {
    const now = Date.now();
    const { value, expiresAt } = createSession(store, user.id, { now });
    expect(expiresAt).toBe(now + SESSION_TTL_MS);
    expect(SESSION_TTL_MS).toBe(14 * 24 * 3600 * 1000);
    expect(getSessionUser(store, value, expiresAt - 1)).toEqual(user);
    expect(getSessionUser(store, value, expiresAt)).toBeNull();
  });

  it("end on sign-out, auditing sign-in and sign-out", () => {
    const { value } = createSession(store, user.id, { method: "link" });
    expect(deleteSession(store, value)).toBe(true);
    expect(getSessionUser(store, value)).toBeNull();
    expect(deleteSession(store, value)).toBe(false);
    expect(deleteSession(store, undefined)).toBe(false);
    const audit = store.db.select().from(auditLog).all().filter((r) => r.action.startsWith("sign_"));
    expect(audit.map((r) => [r.action, r.actorId, r.detail])).toEqual([
      ["sign_in", user.id, { method: "link" }],
      ["sign_out", user.id, null],
    ]);
  });

  it("can sign out every other browser of a user", () => {
    const keep = createSession(store, user.id).value;
    const other = createSession(store, user.id).value;
    expect(deleteOtherSessions(store, user.id, keep)).toBe(1);
    expect(getSessionUser(store, keep)).toEqual(user);
    expect(getSessionUser(store, other)).toBeNull();
  });

  it("ignore unknown cookies and build httpOnly SameSite=Lax cookie options", () => {
    expect(getSessionUser(store, "hl_sess_forged")).toBeNull();
    expect(getSessionUser(store, undefined)).toBeNull();
    expect(sessionCookieOptions(false, 0)).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false, path: "/" });
    expect(sessionCookieOptions(true, 0).secure).toBe(true);
    expect(readCookie("a=1; harness_lab_session=abc%3D; b=2", "harness_lab_session")).toBe("abc=");
    expect(readCookie("a=1", "harness_lab_session")).toBeUndefined();
    expect(readCookie(null, "harness_lab_session")).toBeUndefined();
  });
});
