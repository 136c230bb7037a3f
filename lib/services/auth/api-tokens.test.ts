import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { apiTokens, auditLog } from "../../../db/schema";
import { createApiToken, ENV_ADMIN_TOKEN_ID, listApiTokens, mintJobIngestToken, revokeApiToken, TokenNameTakenError, verifyBearer } from "./api-tokens";
import { userActor } from "../../domain/audit-actor";
import { hasScope, roleAtLeast, scopesForRole } from "./pure/principal";
import { createUser } from "./users";

let store: Store;
let adminId: string;

beforeEach(async () => {
  store = openStore(":memory:");
  const created = await createUser(store, { username: "root", role: "admin" });
  if (!created.ok) throw new Error("setup");
  adminId = created.user.id;
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
});
afterEach(() => {
  store.sqlite.close();
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
});

describe("API tokens", () => {
  it("returns the secret once and stores only its sha256 and a short prefix", () => {
    const { id, secret, prefix } = createApiToken(store, { name: "ci", scopes: ["read"], createdBy: adminId });
    expect(secret).toMatch(/^hl_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(secret.slice(0, 11));
    const row = store.db.select().from(apiTokens).get()!;
    expect(row.id).toBe(id);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = listApiTokens(store);
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty("tokenHash");
    expect(listed[0]).toMatchObject({ name: "ci", prefix, scopes: ["read"], createdBy: adminId, revokedAt: null });
  });

  it("verifies a token into a principal with its scopes", () => {
    const { id, secret } = createApiToken(store, { name: "trainer", scopes: ["ingest"], createdBy: adminId });
    const result = verifyBearer(store, secret);
    expect(result).toEqual({ ok: true, principal: { kind: "token", id, name: "trainer", scopes: ["ingest"] } });
    if (!result.ok) return;
    expect(hasScope(result.principal, "ingest")).toBe(true);
    expect(hasScope(result.principal, "read")).toBe(false);
    expect(hasScope(result.principal, "admin")).toBe(false);
  });

  it("admin scope implies every scope", () => {
    expect(hasScope({ scopes: ["admin"] }, "ingest")).toBe(true);
    expect(hasScope({ scopes: ["admin"] }, "read")).toBe(true);
    expect(scopesForRole("viewer")).toEqual(["read"]);
    expect(scopesForRole("reviewer")).toEqual(["read"]);
    expect(scopesForRole("admin")).toEqual(["ingest", "read", "admin"]);
    expect(roleAtLeast("reviewer", "viewer")).toBe(true);
    expect(roleAtLeast("reviewer", "admin")).toBe(false);
  });

  it("rejects unknown, expired and revoked tokens with distinct errors", () => {
    expect(verifyBearer(store, "hl_nope")).toEqual({ ok: false, error: "invalid" });
    expect(verifyBearer(store, "")).toEqual({ ok: false, error: "invalid" });

    const now = Date.now();
    const expiring = createApiToken(store, { name: "short", scopes: ["read"], createdBy: adminId, expiresAt: now + 1000 }, now);
    expect(verifyBearer(store, expiring.secret, now + 999).ok).toBe(true);
    expect(verifyBearer(store, expiring.secret, now + 1000)).toEqual({ ok: false, error: "expired" });

    const revoked = createApiToken(store, { name: "gone", scopes: ["read"], createdBy: adminId });
    expect(revokeApiToken(store, revoked.id, userActor(adminId))).toEqual({ ok: true });
    expect(verifyBearer(store, revoked.secret)).toEqual({ ok: false, error: "revoked" });
    expect(revokeApiToken(store, revoked.id, userActor(adminId))).toEqual({ ok: false, error: "already_revoked" });
    expect(revokeApiToken(store, "missing", userActor(adminId))).toEqual({ ok: false, error: "not_found" });
  });

  it("accepts HARNESS_LAB_ADMIN_TOKEN as an all-scopes admin token", () => {
    process.env.HARNESS_LAB_ADMIN_TOKEN = "env-secret-for-ci";
    const result = verifyBearer(store, "env-secret-for-ci");
    expect(result).toEqual({ ok: true, principal: { kind: "token", id: ENV_ADMIN_TOKEN_ID, name: "HARNESS_LAB_ADMIN_TOKEN", scopes: ["ingest", "read", "admin"] } });
    expect(verifyBearer(store, "env-secret-for-cI")).toEqual({ ok: false, error: "invalid" });
    process.env.HARNESS_LAB_ADMIN_TOKEN = "";
    expect(verifyBearer(store, "").ok).toBe(false);
  });

  it("writes last_used_at at most once a minute", () => {
    const t0 = 1_700_000_000_000;
    const { secret } = createApiToken(store, { name: "busy", scopes: ["read"], createdBy: adminId }, t0);
    const lastUsed = () => listApiTokens(store)[0].lastUsedAt;
    expect(lastUsed()).toBeNull();
    verifyBearer(store, secret, t0 + 10);
    expect(lastUsed()).toBe(t0 + 10);
    verifyBearer(store, secret, t0 + 30_000);
    verifyBearer(store, secret, t0 + 60_009);
    expect(lastUsed()).toBe(t0 + 10);
    verifyBearer(store, secret, t0 + 60_010);
    expect(lastUsed()).toBe(t0 + 60_010);
  });

  it("leaves last_used_at alone when the token lacks the scope asked for (the request is refused, so nothing is written)", () => {
    const t0 = 1_700_000_000_000;
    const { secret } = createApiToken(store, { name: "reader", scopes: ["read"], createdBy: adminId }, t0);
    const lastUsed = () => listApiTokens(store)[0].lastUsedAt;
    const refused = verifyBearer(store, secret, t0 + 10, "ingest");
    expect(refused.ok).toBe(true);
    expect(lastUsed()).toBeNull();
    verifyBearer(store, secret, t0 + 20, "read");
    expect(lastUsed()).toBe(t0 + 20);
  });

  it("mints short-lived ingest tokens for jobs", () => {
    const now = Date.now();
    const minted = mintJobIngestToken(store, "job-42", { ttlMs: 3_600_000, now });
    expect(minted.expiresAt).toBe(now + 3_600_000);
    const [row] = listApiTokens(store);
    expect(row).toMatchObject({ jobId: "job-42", scopes: ["ingest"], createdBy: null });
    const verified = verifyBearer(store, minted.secret, now + 1);
    expect(verified.ok && verified.principal.scopes).toEqual(["ingest"]);
    expect(verifyBearer(store, minted.secret, now + 3_600_000)).toEqual({ ok: false, error: "expired" });
  });

  it("audits creation and revocation", () => {
    const { id } = createApiToken(store, { name: "audited", scopes: ["read", "ingest"], createdBy: adminId });
    revokeApiToken(store, id, userActor(adminId));
    const rows = store.db.select().from(auditLog).all().filter((r) => r.action.startsWith("token."));
    expect(rows.map((r) => [r.action, r.actorKind, r.actorId, r.targetId])).toEqual([
      ["token.create", "user", adminId, id],
      ["token.revoke", "user", adminId, id],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/hl_[A-Za-z0-9_-]{20,}/);
  });

  it("refuses a second live token of the same name, writing nothing; revoked or expired ones free the name", () => {
    const now = Date.now();
    const first = createApiToken(store, { name: "ci", scopes: ["read"], createdBy: adminId }, now);
    expect(() => createApiToken(store, { name: "ci", scopes: ["ingest"], createdBy: adminId }, now)).toThrow(TokenNameTakenError);
    expect(() => createApiToken(store, { name: "ci", scopes: ["ingest"], createdBy: adminId }, now)).toThrow('name: a live token is already named "ci"');
    expect(listApiTokens(store)).toHaveLength(1);
    expect(store.db.select().from(auditLog).all().filter((r) => r.action === "token.create")).toHaveLength(1);
    revokeApiToken(store, first.id, userActor(adminId));
    createApiToken(store, { name: "ci", scopes: ["ingest"], createdBy: adminId, expiresAt: now + 1000 }, now);
    createApiToken(store, { name: "ci", scopes: ["read"], createdBy: adminId }, now + 1000);
    expect(listApiTokens(store)).toHaveLength(3);
    // A job may be re-issued a token under its one name.
    mintJobIngestToken(store, "job-7", { now });
    mintJobIngestToken(store, "job-7", { now });
  });
});
