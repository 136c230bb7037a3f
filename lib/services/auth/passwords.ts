// Password hashing with node's scrypt: memory-hard, no native dependency. Parameters are stored with
// every hash so they can be raised later without invalidating existing passwords.
import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

// scrypt needs 128·N·r bytes; node's default limit (32 MiB) is too tight for raised parameters.
const maxmem = (n: number, r: number) => 256 * n * r + 1024 * 1024;

/** "scrypt$N$r$p$saltB64$hashB64" */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { n, r, p, salt, hash } = parsed;
  const key = await derive(password, salt, hash.length, { N: n, r, p, maxmem: maxmem(n, r) });
  return timingSafeEqual(key, hash);
}

// A stored value we cannot parse verifies nothing; bounds keep a tampered row from exhausting memory.
function parse(stored: string | null | undefined) {
  if (!stored) return null;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const powerOfTwo = Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
  if (!powerOfTwo || n > 2 ** 20 || !(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4], "base64");
  const hash = Buffer.from(parts[5], "base64");
  if (salt.length === 0 || hash.length < 16) return null;
  return { n, r, p, salt, hash };
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real check, for usernames that do not exist or have no password, so
 * response timing does not reveal which usernames are valid.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("harness-lab-dummy-password");
  await verifyPassword(password, await dummyHash);
  return false;
}
