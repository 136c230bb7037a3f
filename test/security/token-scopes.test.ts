// The scope matrix in one table: which token may do what through authenticateRequest. (Expiry, revocation
// and the env admin token are lib/services/auth/request-auth.test.ts; a job token kept inside its experiment is
// test/jobs/job-token-ingest.test.ts.) Here: an ingest-only token cannot read what it wrote either, so a
// trainer's leaked token does not expose the lab's data.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../db/client";
import { createApiToken } from "../../lib/services/auth/api-tokens";
import { authenticateRequest } from "../../lib/services/auth/request-auth";
import type { TokenScope } from "../../lib/domain/vocabulary";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
});
afterEach(() => store.sqlite.close());

const request = (secret: string, method: string) => new Request("http://lab.test/api/v1/x", { method, headers: { authorization: `Bearer ${secret}` } });

describe("token scopes", () => {
  const matrix: Array<[TokenScope[], TokenScope, boolean]> = [
    [["read"], "read", true],
    [["read"], "ingest", false],
    [["read"], "admin", false],
    [["ingest"], "ingest", true],
    [["ingest"], "read", false],
    [["ingest"], "admin", false],
    [["ingest", "read"], "read", true],
    [["ingest", "read"], "admin", false],
    [["admin"], "read", true],
    [["admin"], "ingest", true],
    [["admin"], "admin", true],
  ];
  it.each(matrix)("a token with %j asking for %s → allowed: %s", async (scopes, needed, allowed) => {
    const token = createApiToken(store, { name: "t", scopes, createdBy: null });
    const result = await authenticateRequest(request(token.secret, needed === "read" ? "GET" : "POST"), needed, store);
    if (allowed) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, status: 403, message: `token lacks scope "${needed}"` });
  });

  it("a token is not a session: no Origin check applies, and a bearer from another origin still needs its scope", async () => {
    const token = createApiToken(store, { name: "ci", scopes: ["ingest"], createdBy: null });
    const cross = new Request("http://lab.test/api/v1/events", { method: "POST", headers: { authorization: `Bearer ${token.secret}`, origin: "http://evil.example" } });
    // A page elsewhere cannot know the token (it is never in a cookie), so the origin does not matter here.
    expect((await authenticateRequest(cross, "ingest", store)).ok).toBe(true);
    expect(await authenticateRequest(cross, "read", store)).toMatchObject({ ok: false, status: 403 });
  });
});
