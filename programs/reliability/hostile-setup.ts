// Prepares the server a hostile-input run attacks: a small valid experiment sent through the API (so
// duplicate ids and references have something to collide with), tokens of each kind and two sessions
// written straight into the store — all BEFORE the first fingerprint.
import fs from "node:fs";
import path from "node:path";
import { openStore } from "../../db/client";
import { exampleEvents } from "../../lib/events/examples";
import { createApiToken, revokeApiToken } from "../../lib/services/auth/api-tokens";
import { createSession } from "../../lib/services/auth/sessions";
import { createUser } from "../../lib/services/auth/users";
import { SYSTEM_ACTOR } from "../../lib/domain/audit-actor";
import { randomToken } from "../../lib/services/auth/secrets";
import type { HostileContext } from "./hostile-case";

export const SEED_PREFIX = "hl-seed";
export const SIGN_IN_USER = "hostile-admin";

export async function seedThroughApi(baseUrl: string, adminToken: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v1/events`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify(exampleEvents(SEED_PREFIX)),
  });
  if (!response.ok) throw new Error(`seeding answered ${response.status}: ${await response.text()}`);
}

/** Tokens, users and sessions, written with the same functions the server uses. */
export async function createCredentials(dbFile: string): Promise<Omit<HostileContext, "adminToken" | "seedPrefix" | "maxBodyBytes" | "host" | "signInActionId"> & { signInPassword: string }> {
  const store = openStore(dbFile);
  try {
    const now = Date.now();
    const read = createApiToken(store, { name: "hostile read", scopes: ["read"], createdBy: null });
    const ingest = createApiToken(store, { name: "hostile ingest", scopes: ["ingest"], createdBy: null });
    const expired = createApiToken(store, { name: "hostile expired", scopes: ["admin"], createdBy: null, expiresAt: now - 60_000 }, now - 120_000);
    const revoked = createApiToken(store, { name: "hostile revoked", scopes: ["admin"], createdBy: null });
    revokeApiToken(store, revoked.id, SYSTEM_ACTOR);
    const signInPassword = randomToken("pw_");
    const admin = await createUser(store, { username: SIGN_IN_USER, role: "admin", password: signInPassword });
    const viewer = await createUser(store, { username: "hostile-viewer", role: "viewer" });
    if (!admin.ok || !viewer.ok) throw new Error("could not create the run's users");
    return {
      readToken: read.secret, ingestToken: ingest.secret, expiredToken: expired.secret, revokedToken: revoked.secret,
      adminSession: createSession(store, admin.user.id).value, viewerSession: createSession(store, viewer.user.id).value,
      signInUser: SIGN_IN_USER, signInPassword,
    };
  } finally {
    store.sqlite.close();
  }
}

/** The sign-in action's id in this build, so page POSTs reach the real action handler. */
export function signInActionId(home: string): string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(home, ".next", "server", "server-reference-manifest.json"), "utf8")) as {
      node: Record<string, { filename?: string; exportedName?: string }>;
    };
    const entry = Object.entries(manifest.node).find(([, v]) => v.filename === "app/sign-in/actions.ts" && v.exportedName === "signInAction");
    if (entry) return entry[0];
  } catch {
    // no manifest: fall back to a well-formed id that names no action
  }
  return "7f" + "0".repeat(40);
}
