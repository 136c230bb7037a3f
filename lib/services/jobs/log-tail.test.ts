import { describe, expect, it } from "vitest";
import { completeUtf8Length } from "./log-tail";

describe("completeUtf8Length", () => {
  const bytes = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));
  it("keeps whole characters and stops before a split one", () => {
    const text = bytes("ab✓é🙂");
    expect(completeUtf8Length(text)).toBe(text.length);
    // Cut inside the 4-byte emoji, inside the 2-byte é, inside the 3-byte check mark.
    expect(completeUtf8Length(text.subarray(0, text.length - 1))).toBe(text.length - 4);
    expect(completeUtf8Length(bytes("aé").subarray(0, 2))).toBe(1);
    expect(completeUtf8Length(bytes("a✓").subarray(0, 3))).toBe(1);
    expect(completeUtf8Length(new Uint8Array())).toBe(0);
  });
});
