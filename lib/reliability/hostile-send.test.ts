// Which failed sends the hostile-input run tries once more: only a streamed body whose connection the server
// closed under the client's writes (the answer lost to the reset), never a hang, a 5xx or a plain body's failure.
import { describe, expect, it } from "vitest";
import type { HostileCase } from "./hostile-case";
import { lostToEarlyClose, type Answer } from "./hostile-send";

const streamed = { name: "import/bad_form/streamed-over-limit", method: "POST", path: "/api/v1/imports", headers: {}, body: { kind: "stream", chunk: new Uint8Array(4), repeat: 2 }, status: 413 } as unknown as HostileCase;
const plain = { ...streamed, body: { kind: "bytes", bytes: new Uint8Array(4) } } as unknown as HostileCase;
const answer = (status: number | null, error?: string): Answer => ({ status, latencyMs: 1, contentType: "", location: "", body: "", retryAfter: "", ...(error ? { error } : {}) });

describe("lostToEarlyClose", () => {
  it("is a streamed body cut by the server's close: the write failed and no answer was read", () => {
    expect(lostToEarlyClose(streamed, answer(null, "connection: write EPIPE"))).toBe(true);
    expect(lostToEarlyClose(streamed, answer(null, "connection: read ECONNRESET"))).toBe(true);
  });

  it("is not a hang, an answer that arrived, or a body that was not streamed", () => {
    expect(lostToEarlyClose(streamed, answer(null, "no answer within 30000 ms"))).toBe(false);
    expect(lostToEarlyClose(streamed, answer(500))).toBe(false);
    expect(lostToEarlyClose(streamed, answer(413))).toBe(false);
    expect(lostToEarlyClose(plain, answer(null, "connection: write EPIPE"))).toBe(false);
  });
});
