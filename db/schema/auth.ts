// Users, sessions, one-time sign-in links, API tokens and the audit log. Secrets are stored only as hashes.
import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { createdAt, jsonText, timestampMs, ROLES, TOKEN_SCOPES } from "./common";

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  username: text("username").notNull().unique(),
  displayName: text("display_name"),
  role: text("role", { enum: ROLES }).notNull(),
  // scrypt, "scrypt$N$r$p$salt$hash"; null until the user sets a password (sign-in link only).
  passwordHash: text("password_hash"),
  createdAt: createdAt(),
  disabledAt: timestampMs("disabled_at"),
});

export const sessions = sqliteTable("sessions", {
  // sha256 of the cookie value, so a leaked database does not leak live sessions.
  idHash: text("id_hash").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestampMs("expires_at").notNull(),
}, (t) => [index("sessions_user").on(t.userId)]);

export const signInLinks = sqliteTable("sign_in_links", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestampMs("expires_at").notNull(),
  usedAt: timestampMs("used_at"),
});

export const apiTokens = sqliteTable("api_tokens", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  // Shown to people so they can tell tokens apart; the secret itself is never stored.
  prefix: text("prefix").notNull(),
  scopes: jsonText<(typeof TOKEN_SCOPES)[number][]>("scopes").notNull(),
  createdBy: text("created_by").references(() => users.id),
  // Jobs get their own short-lived ingest tokens.
  jobId: text("job_id"),
  // Issue 40: a token minted for one experiment (Connect a trainer) reads only that experiment
  // (lib/services/auth/read-scope.ts). No foreign key: the trainer creates the experiment after the token exists.
  experimentId: text("experiment_id"),
  createdAt: createdAt(),
  expiresAt: timestampMs("expires_at"),
  revokedAt: timestampMs("revoked_at"),
  lastUsedAt: timestampMs("last_used_at"),
});

export const auditLog = sqliteTable("audit_log", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  at: timestampMs("at").notNull(),
  actorKind: text("actor_kind", { enum: ["user", "token", "system"] }).notNull(),
  actorId: text("actor_id"),
  action: text("action").notNull(),
  targetKind: text("target_kind"),
  targetId: text("target_id"),
  detail: jsonText<Record<string, unknown>>("detail"),
}, (t) => [
  index("audit_log_at").on(t.at),
  // The audit page (newest first, filtered by action or by actor) walks these instead of the whole log.
  index("audit_log_action").on(t.action, t.id),
  index("audit_log_actor").on(t.actorId, t.id),
]);
