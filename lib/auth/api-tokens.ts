// API tokens for scripts, CI and jobs: shown once, stored as sha256, scoped, optionally expiring.
import "server-only";
import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { apiTokens, jobs } from "../../db/schema";
import type { Store } from "../../db/client";
import { TOKEN_SCOPES, type TokenScope } from "../domain/vocabulary";
import { newId, randomToken, safeEqual, sha256Hex } from "./secrets";
import { recordAudit } from "../../db/mutations/audit-log";
import { SYSTEM_ACTOR, userActor, type AuditActor } from "../domain/audit-actor";
import { hasScope, type Principal } from "./principal";

export const TOKEN_PREFIX = "hl_";
/** "hl_" plus 8 characters: enough to tell tokens apart in a list, far too little to guess the rest. */
const VISIBLE_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;
/** Writing last_used_at on every request would turn each read into a write; a minute is precise enough. */
export const LAST_USED_RESOLUTION_MS = 60_000;
export const ENV_ADMIN_TOKEN_VAR = "HARNESS_LAB_ADMIN_TOKEN";
export const ENV_ADMIN_TOKEN_ID = "env-admin-token";
/** A job token must outlive the job; a day covers an epoch, and the job can be re-issued one. */
export const JOB_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export interface CreateApiTokenInput {
  name: string;
  scopes: TokenScope[];
  /** The admin who created it; null for tokens the system mints (jobs). */
  createdBy: string | null;
  expiresAt?: number | null;
  jobId?: string | null;
}

/** A live token (not revoked, not expired) already has the name: two "ci" tokens cannot be told apart in the list. */
export class TokenNameTakenError extends Error {
  constructor(readonly tokenName: string) {
    super(`name: a live token is already named "${tokenName}"; revoke it first or choose another name`);
  }
}

export interface CreatedApiToken {
  id: string;
  /** The only time the secret exists outside the caller's hands. */
  secret: string;
  prefix: string;
  expiresAt: number | null;
}

export function createApiToken(store: Store, input: CreateApiTokenInput, now: number = Date.now()): CreatedApiToken {
  const scopes = normalizeScopes(input.scopes);
  if (scopes.length === 0) throw new Error("an API token needs at least one scope");
  const secret = randomToken(TOKEN_PREFIX);
  const id = newId();
  const prefix = secret.slice(0, VISIBLE_PREFIX_LENGTH);
  const expiresAt = input.expiresAt ?? null;
  store.sqlite.transaction(() => {
    // Only names people give: a job's tokens are all "job <id>" (a job may be re-issued one) and tied to it.
    const taken = !input.jobId && store.db.select({ id: apiTokens.id }).from(apiTokens)
      .where(and(eq(apiTokens.name, input.name), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)))).get();
    if (taken) throw new TokenNameTakenError(input.name);
    store.db
      .insert(apiTokens)
      .values({ id, name: input.name, tokenHash: sha256Hex(secret), prefix, scopes, createdBy: input.createdBy, jobId: input.jobId ?? null, createdAt: now, expiresAt })
      .run();
    recordAudit(store, {
      ...(input.createdBy ? userActor(input.createdBy) : SYSTEM_ACTOR),
      action: "token.create",
      targetKind: "api_token",
      targetId: id,
      detail: { name: input.name, prefix, scopes, expiresAt, jobId: input.jobId ?? null },
      at: now,
    });
  })();
  return { id, secret, prefix, expiresAt };
}

/** The token a launched job uses to post its events back: ingest only, expiring, tied to the job. */
export function mintJobIngestToken(store: Store, jobId: string, options: { ttlMs?: number; createdBy?: string | null; now?: number } = {}): CreatedApiToken {
  const now = options.now ?? Date.now();
  return createApiToken(
    store,
    { name: `job ${jobId}`, scopes: ["ingest"], createdBy: options.createdBy ?? null, jobId, expiresAt: now + (options.ttlMs ?? JOB_TOKEN_TTL_MS) },
    now,
  );
}

export type RevokeApiTokenResult = { ok: true } | { ok: false; error: "not_found" | "already_revoked" };

export function revokeApiToken(store: Store, id: string, actor: AuditActor, now: number = Date.now()): RevokeApiTokenResult {
  return store.sqlite.transaction((): RevokeApiTokenResult => {
    const row = store.db.select({ revokedAt: apiTokens.revokedAt, name: apiTokens.name }).from(apiTokens).where(eq(apiTokens.id, id)).get();
    if (!row) return { ok: false, error: "not_found" };
    if (row.revokedAt !== null) return { ok: false, error: "already_revoked" };
    store.db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id)).run();
    recordAudit(store, { ...actor, action: "token.revoke", targetKind: "api_token", targetId: id, detail: { name: row.name }, at: now });
    return { ok: true };
  })();
}

export interface ApiTokenInfo {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  createdBy: string | null;
  jobId: string | null;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

/** Everything but the hash. */
export function listApiTokens(store: Store): ApiTokenInfo[] {
  return store.db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      createdBy: apiTokens.createdBy,
      jobId: apiTokens.jobId,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .orderBy(desc(apiTokens.createdAt))
    .all();
}

export type BearerError = "invalid" | "expired" | "revoked";
export type VerifyBearerResult = { ok: true; principal: Principal } | { ok: false; error: BearerError };

/**
 * `scope`: the scope the request needs. A token that lacks it is still recognised (the caller answers 403),
 * but its last_used_at is not touched: a refused request writes nothing to the store.
 */
export function verifyBearer(store: Store, secret: string, now: number = Date.now(), scope?: TokenScope): VerifyBearerResult {
  if (!secret) return { ok: false, error: "invalid" };
  const presentedHash = sha256Hex(secret);
  const envToken = process.env[ENV_ADMIN_TOKEN_VAR];
  // Hash both sides so the comparison is constant-time over equal-length inputs whatever was sent.
  if (envToken && safeEqual(presentedHash, sha256Hex(envToken))) {
    return { ok: true, principal: { kind: "token", id: ENV_ADMIN_TOKEN_ID, name: ENV_ADMIN_TOKEN_VAR, scopes: [...TOKEN_SCOPES] } };
  }
  const row = store.db.select().from(apiTokens).where(eq(apiTokens.tokenHash, presentedHash)).get();
  if (!row) return { ok: false, error: "invalid" };
  if (row.revokedAt !== null) return { ok: false, error: "revoked" };
  if (row.expiresAt !== null && row.expiresAt <= now) return { ok: false, error: "expired" };
  const principal: Principal = {
    kind: "token", id: row.id, name: row.name, scopes: normalizeScopes(row.scopes),
    // A job's token carries its read scope: the job's experiment, looked up once per request.
    ...(row.jobId ? { jobId: row.jobId, jobExperimentId: jobExperimentOf(store, row.jobId) } : {}),
  };
  if (scope === undefined || hasScope(principal, scope)) touchLastUsed(store, row.id, row.lastUsedAt, now);
  return { ok: true, principal };
}

function jobExperimentOf(store: Store, jobId: string): string | null {
  return store.db.select({ experimentId: jobs.experimentId }).from(jobs).where(eq(jobs.id, jobId)).get()?.experimentId ?? null;
}

// The WHERE clause keeps the throttle correct when several processes share the database.
function touchLastUsed(store: Store, id: string, lastUsedAt: number | null, now: number): void {
  if (lastUsedAt !== null && now - lastUsedAt < LAST_USED_RESOLUTION_MS) return;
  store.db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, now - LAST_USED_RESOLUTION_MS + 1))))
    .run();
}

function normalizeScopes(scopes: readonly string[]): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scopes.includes(scope));
}
