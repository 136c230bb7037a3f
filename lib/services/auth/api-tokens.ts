// API tokens for scripts, CI and jobs: shown once, stored as sha256, scoped, optionally expiring.
import "server-only";
import type { Store } from "../../../db/client";
import { apiTokenRowByHash, jobExperimentId, listApiTokenRows, type ApiTokenListRow } from "../../../db/queries/auth";
import { insertApiToken, revokeApiTokenRow, touchApiTokenLastUsed, type RevokeApiTokenResult } from "../../../db/mutations/auth";
import { TOKEN_SCOPES, type TokenScope } from "../../domain/vocabulary";
import { newId, randomToken, safeEqual, sha256Hex } from "./secrets";
import type { AuditActor } from "../../domain/audit-actor";
import { hasScope, type Principal } from "./pure/principal";

export const TOKEN_PREFIX = "hl_";
/** "hl_" plus 8 characters: enough to tell tokens apart in a list, far too little to guess the rest. */
const VISIBLE_PREFIX_LENGTH = TOKEN_PREFIX.length + 8;
/** Writing last_used_at on every request would turn each read into a write; a minute is precise enough. */
export const LAST_USED_RESOLUTION_MS = 60_000;
export const ENV_ADMIN_TOKEN_VAR = "HARNESS_LAB_ADMIN_TOKEN";
export const ENV_ADMIN_TOKEN_ID = "env-admin-token";
/** A job token must outlive the job; a day covers an epoch, and the job can be re-issued one. */
export const JOB_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * The first start's reference-experiment token: minted by `serve` on a brand-new store (no users, no
 * experiments), for the demo process it starts. It is told apart by this name AND no creator AND no job: a
 * token a person makes always records its creator (Settings, Connect), so no person's token can pass for it.
 */
export const FIRST_START_TOKEN_NAME = "reference experiment (first start)";
const FIRST_START_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export interface CreateApiTokenInput {
  name: string;
  scopes: TokenScope[];
  /** The admin who created it; null for tokens the system mints (jobs). */
  createdBy: string | null;
  expiresAt?: number | null;
  jobId?: string | null;
  /** The one experiment the token may write into and read (Connect a trainer's tokens); null: the whole lab. */
  experimentId?: string | null;
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
  // Only names people give are checked: a job's tokens are all "job <id>" (a job may be re-issued one) and tied to it.
  const jobId = input.jobId ?? null;
  if (!insertApiToken(store, { id, name: input.name, tokenHash: sha256Hex(secret), prefix, scopes, createdBy: input.createdBy, jobId, experimentId: input.experimentId ?? null, createdAt: now, expiresAt })) {
    throw new TokenNameTakenError(input.name);
  }
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

/** The first start's reference-experiment token (ingest + read, a day): its harness versions arrive "first_start". */
export function createFirstStartToken(store: Store, now: number = Date.now()): CreatedApiToken {
  return createApiToken(store, { name: FIRST_START_TOKEN_NAME, scopes: ["ingest", "read"], createdBy: null, expiresAt: now + FIRST_START_TOKEN_TTL_MS }, now);
}

const isFirstStartToken = (row: { name: string; createdBy: string | null; jobId: string | null }) =>
  row.name === FIRST_START_TOKEN_NAME && row.createdBy === null && row.jobId === null;

export type { RevokeApiTokenResult };

export function revokeApiToken(store: Store, id: string, actor: AuditActor, now: number = Date.now()): RevokeApiTokenResult {
  return revokeApiTokenRow(store, id, actor, now);
}

/** A token as the settings page lists it: everything but the hash. */
export type ApiTokenInfo = ApiTokenListRow;

export function listApiTokens(store: Store): ApiTokenInfo[] {
  return listApiTokenRows(store);
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
  const row = apiTokenRowByHash(store, presentedHash);
  if (!row) return { ok: false, error: "invalid" };
  if (row.revokedAt !== null) return { ok: false, error: "revoked" };
  if (row.expiresAt !== null && row.expiresAt <= now) return { ok: false, error: "expired" };
  const principal: Principal = {
    kind: "token", id: row.id, name: row.name, scopes: normalizeScopes(row.scopes),
    // A job's token carries its read scope: the job's experiment, looked up once per request.
    ...(row.jobId ? { jobId: row.jobId, jobExperimentId: jobExperimentId(store, row.jobId) } : {}),
    // A token minted for one experiment (Connect a trainer) reads and writes only it (db/queries/experiment-ingest-scope.ts).
    ...(row.experimentId !== null && !row.jobId ? { experimentId: row.experimentId } : {}),
    ...(isFirstStartToken(row) ? { firstStart: true as const } : {}),
  };
  if (scope === undefined || hasScope(principal, scope)) touchLastUsed(store, row.id, row.lastUsedAt, now);
  return { ok: true, principal };
}

function touchLastUsed(store: Store, id: string, lastUsedAt: number | null, now: number): void {
  if (lastUsedAt !== null && now - lastUsedAt < LAST_USED_RESOLUTION_MS) return;
  touchApiTokenLastUsed(store, id, now, LAST_USED_RESOLUTION_MS);
}

function normalizeScopes(scopes: readonly string[]): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scopes.includes(scope));
}
