// Random secrets and their hashes. Secrets (session ids, sign-in links, API tokens) are shown or sent
// once and stored only as sha256, so a copy of the database cannot be replayed as credentials.
import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/** 32 random bytes as base64url behind a readable prefix ("hl_" makes leaked tokens greppable by scanners). */
export function randomToken(prefix = "hl_", bytes = 32): string {
  return prefix + randomBytes(bytes).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/**
 * Constant-time string comparison. Callers compare hashes, which have a fixed length, so the early
 * length check leaks nothing about the secret.
 */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

export function newId(): string {
  return randomUUID();
}
