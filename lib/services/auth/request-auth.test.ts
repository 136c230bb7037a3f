import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { createApiToken, revokeApiToken } from "./api-tokens";
import { SYSTEM_ACTOR } from "../../domain/audit-actor";
import { authenticateRequest, authErrorResponse } from "./request-auth";
import { createSession } from "./sessions";
import { createUser } from "./users";

let store: Store;
const url = "http://lab.test/api/v1/events";

beforeEach(() => {
  store = openStore(":memory:");
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
});
afterEach(() => {
  store.sqlite.close();
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
});

const bearer = (secret: string, method = "POST") => new Request(url, { method, headers: { authorization: `Bearer ${secret}` } });

async function sessionCookieFor(role: "viewer" | "reviewer" | "admin") {
  const created = await createUser(store, { username: `u-${role}`, role });
  if (!created.ok) throw new Error("setup");
  return `harness_lab_session=${createSession(store, created.user.id).value}`;
}

describe("authenticateRequest", () => {
  it("401 without credentials, with a Bearer challenge", async () => {
    const result = await authenticateRequest(new Request(url, { method: "POST" }), "ingest", store);
    expect(result).toMatchObject({ ok: false, status: 401 });
    if (result.ok) return;
    const response = authErrorResponse(result);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await response.json()).toEqual({ error: result.message });
  });

  it("401 for unknown tokens and non-Bearer schemes", async () => {
    expect(await authenticateRequest(bearer("hl_unknown"), "read", store)).toEqual({ ok: false, status: 401, message: "invalid token" });
    const basic = new Request(url, { headers: { authorization: "Basic YWRtaW46YWRtaW4=" } });
    expect(await authenticateRequest(basic, "read", store)).toMatchObject({ ok: false, status: 401 });
  });

  it("401 naming expiry or revocation", async () => {
    const expired = createApiToken(store, { name: "old", scopes: ["ingest"], createdBy: null, expiresAt: Date.now() - 1 });
    expect(await authenticateRequest(bearer(expired.secret), "ingest", store)).toEqual({ ok: false, status: 401, message: "token expired" });
    const revoked = createApiToken(store, { name: "gone", scopes: ["ingest"], createdBy: null });
    revokeApiToken(store, revoked.id, SYSTEM_ACTOR);
    expect(await authenticateRequest(bearer(revoked.secret), "ingest", store)).toEqual({ ok: false, status: 401, message: "token revoked" });
  });

  it("403 naming the missing scope, without a challenge", async () => {
    const readOnly = createApiToken(store, { name: "reader", scopes: ["read"], createdBy: null });
    const result = await authenticateRequest(bearer(readOnly.secret), "ingest", store);
    expect(result).toEqual({ ok: false, status: 403, message: 'token lacks scope "ingest"' });
    if (result.ok) return;
    const response = authErrorResponse(result);
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toBeNull();
  });

  it("accepts tokens with the scope, admin tokens, and the env admin token", async () => {
    const ingest = createApiToken(store, { name: "trainer", scopes: ["ingest"], createdBy: null });
    expect(await authenticateRequest(bearer(ingest.secret), "ingest", store)).toMatchObject({ ok: true, principal: { kind: "token", name: "trainer" } });
    const admin = createApiToken(store, { name: "ops", scopes: ["admin"], createdBy: null });
    expect((await authenticateRequest(bearer(admin.secret), "ingest", store)).ok).toBe(true);
    process.env.HARNESS_LAB_ADMIN_TOKEN = "ci-admin-secret";
    expect(await authenticateRequest(bearer("ci-admin-secret"), "admin", store)).toMatchObject({
      ok: true,
      principal: { kind: "token", id: "env-admin-token" },
    });
  });

  it("maps session roles to scopes: viewers and reviewers read, admins do everything", async () => {
    const viewer = await sessionCookieFor("viewer");
    const reviewer = await sessionCookieFor("reviewer");
    const admin = await sessionCookieFor("admin");
    const withCookie = (cookie: string, method = "GET") => new Request(url, { method, headers: { cookie } });
    expect(await authenticateRequest(withCookie(viewer), "read", store)).toMatchObject({ ok: true, principal: { kind: "user", role: "viewer" } });
    expect(await authenticateRequest(withCookie(reviewer, "POST"), "ingest", store)).toEqual({
      ok: false,
      status: 403,
      message: 'role reviewer lacks scope "ingest"',
    });
    expect((await authenticateRequest(withCookie(admin, "POST"), "ingest", store)).ok).toBe(true);
    expect(await authenticateRequest(withCookie("harness_lab_session=forged"), "read", store)).toMatchObject({ ok: false, status: 401 });
  });

  it("refuses cookie-authenticated writes from another origin", async () => {
    const admin = await sessionCookieFor("admin");
    const request = (origin: string) => new Request(url, { method: "POST", headers: { cookie: admin, origin, host: "lab.test" } });
    expect((await authenticateRequest(request("http://lab.test"), "ingest", store)).ok).toBe(true);
    expect(await authenticateRequest(request("http://evil.test"), "ingest", store)).toMatchObject({ ok: false, status: 403 });
  });
});
