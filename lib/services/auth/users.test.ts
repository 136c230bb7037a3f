import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { auditLog, users } from "../../../db/schema";
import { userActor } from "../../domain/audit-actor";
import {
  authenticatePassword,
  checkCurrentPassword,
  consumeSignInLink,
  createSignInLink,
  createUser,
  ensureFirstAdmin,
  listUsers,
  setPassword,
  SIGN_IN_LINK_TTL_MS,
} from "./users";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

describe("first start", () => {
  it("creates the admin once and prints a one-time link", () => {
    const printed: string[] = [];
    const first = ensureFirstAdmin(store, "http://localhost:3000/", (line) => printed.push(line));
    expect(first.created).toBe(true);
    if (!first.created) return;
    expect(first.user).toMatchObject({ username: "admin", role: "admin" });
    expect(first.link).toMatch(/^http:\/\/localhost:3000\/sign-in\/link\?token=hl_link_[A-Za-z0-9_-]+$/);
    expect(printed.join("\n")).toContain(first.link);

    expect(ensureFirstAdmin(store, "http://localhost:3000", () => printed.push("again"))).toEqual({ created: false });
    expect(printed).not.toContain("again");
    expect(listUsers(store)).toHaveLength(1);

    const token = new URL(first.link).searchParams.get("token")!;
    const consumed = consumeSignInLink(store, token);
    expect(consumed).toEqual({ ok: true, user: first.user });
  });
});

describe("sign-in links", () => {
  it("work once", async () => {
    const created = await createUser(store, { username: "ada", role: "viewer" });
    if (!created.ok) throw new Error("setup");
    const { token } = createSignInLink(store, created.user.id);
    expect(consumeSignInLink(store, token).ok).toBe(true);
    expect(consumeSignInLink(store, token)).toEqual({ ok: false, error: "used" });
  });

  it("expire after 24 hours", async () => {
    const created = await createUser(store, { username: "bob", role: "viewer" });
    if (!created.ok) throw new Error("setup");
    const now = Date.now();
    const { token, expiresAt } = createSignInLink(store, created.user.id, { now });
    expect(expiresAt).toBe(now + SIGN_IN_LINK_TTL_MS);
    expect(consumeSignInLink(store, token, now + SIGN_IN_LINK_TTL_MS)).toEqual({ ok: false, error: "expired" });
    // The boundary is exact, and a refused (expired) attempt does not burn the link.
    expect(consumeSignInLink(store, token, now + SIGN_IN_LINK_TTL_MS - 1).ok).toBe(true);
  });

  it("reject unknown tokens", () => {
    expect(consumeSignInLink(store, "hl_link_unknown")).toEqual({ ok: false, error: "invalid" });
    expect(consumeSignInLink(store, "")).toEqual({ ok: false, error: "invalid" });
  });
});

describe("users", () => {
  it("hash passwords and authenticate by username regardless of case", async () => {
    const created = await createUser(store, { username: "Carol", role: "reviewer", password: "longenough", displayName: "Carol C." });
    expect(created.ok).toBe(true);
    const row = store.db.select().from(users).get()!;
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await authenticatePassword(store, "carol", "longenough")).toMatchObject({ username: "Carol", role: "reviewer", displayName: "Carol C." });
    expect(await authenticatePassword(store, "Carol", "wrong-password")).toBeNull();
    expect(await authenticatePassword(store, "nobody", "longenough")).toBeNull();
  });

  it("refuse duplicate and malformed usernames", async () => {
    expect((await createUser(store, { username: "dave", role: "viewer" })).ok).toBe(true);
    expect(await createUser(store, { username: "DAVE", role: "admin" })).toEqual({ ok: false, error: "username_taken" });
    expect(await createUser(store, { username: "no spaces", role: "admin" })).toEqual({ ok: false, error: "invalid_username" });
  });

  it("set passwords and audit user creation", async () => {
    const admin = await createUser(store, { username: "root", role: "admin" });
    if (!admin.ok) throw new Error("setup");
    const created = await createUser(store, { username: "erin", role: "viewer" }, userActor(admin.user.id));
    if (!created.ok) throw new Error("setup");
    expect(await checkCurrentPassword(store, created.user.id, "")).toBe("no_password");
    expect(await authenticatePassword(store, "erin", "")).toBeNull();
    await setPassword(store, created.user.id, "new-password-1", userActor(created.user.id));
    expect(await checkCurrentPassword(store, created.user.id, "new-password-1")).toBe("ok");
    expect(await checkCurrentPassword(store, created.user.id, "nope")).toBe("wrong");
    expect(await authenticatePassword(store, "erin", "new-password-1")).not.toBeNull();

    const audit = store.db.select().from(auditLog).all();
    expect(audit.filter((r) => r.action === "user.create").map((r) => [r.actorKind, r.actorId, r.targetId])).toEqual([
      ["system", null, admin.user.id],
      ["user", admin.user.id, created.user.id],
    ]);
    expect(audit.some((r) => r.action === "user.password_set" && r.targetId === created.user.id)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain("new-password-1");
  });
});
