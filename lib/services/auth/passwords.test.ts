import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("stores scrypt with its parameters, salt and hash", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(stored).not.toContain("correct horse");
  });

  it("verifies the right password and rejects others", async () => {
    const stored = await hashPassword("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", stored)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("same", b)).toBe(true);
  });

  it("verifies nothing against missing or malformed hashes", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$2b$10$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1000$8$1$c2FsdA==$aGFzaA==")).toBe(false); // N not a power of two
    expect(await verifyPassword("x", "scrypt$1073741824$8$1$c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA==")).toBe(false); // N too large
  });

  it("still verifies hashes made with other (stored) parameters", async () => {
    const stored = await hashPassword("pw");
    const [, , , , salt] = stored.split("$");
    const { scryptSync } = await import("node:crypto");
    const key = scryptSync("pw", Buffer.from(salt, "base64"), 32, { N: 1024, r: 8, p: 2 });
    expect(await verifyPassword("pw", `scrypt$1024$8$2$${salt}$${key.toString("base64")}`)).toBe(true);
  });
});
