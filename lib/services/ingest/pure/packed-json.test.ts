import { describe, expect, it } from "vitest";
import { packJson, packedTransfer, unpackJson } from "./packed-json";

describe("packed JSON texts", () => {
  it("gives back every text, in order, ASCII or not", () => {
    const texts = [JSON.stringify({ a: 1 }), "", JSON.stringify({ s: "héllo — 日本語 🙂" }), JSON.stringify({ long: "x".repeat(70_000) }), JSON.stringify("é".repeat(5000))];
    const packed = packJson(texts);
    expect([...unpackJson(packed)]).toEqual(texts);
    expect(packed.ends).toHaveLength(texts.length);
    expect(packed.bytes.length).toBe(new TextEncoder().encode(texts.join("")).length);
  });

  it("moves its buffer to another thread instead of copying it", () => {
    const packed = packJson([JSON.stringify({ id: "r1" })]);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(packed, packedTransfer(packed));
    // The sender's view is detached: the bytes now belong to the receiver.
    expect(packed.bytes.byteLength).toBe(0);
    port1.close();
    port2.close();
  });
});
