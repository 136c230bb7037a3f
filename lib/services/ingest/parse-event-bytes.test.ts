import { describe, expect, it } from "vitest";
import { parseEventBytes } from "./parse-event-bytes";
import { eventHash } from "../../events/canonical-json";
import { exampleEvents } from "../../events/examples";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("parseEventBytes", () => {
  it("returns validated events with the hash each would get in the request thread", () => {
    const parsed = parseEventBytes(bytes(JSON.stringify(exampleEvents("p"))));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.events).toHaveLength(exampleEvents("p").length);
    // The worker's hashes travel separately from a JSON copy of the events: both must agree.
    const copy = JSON.parse(JSON.stringify(parsed.events)) as object[];
    expect(parsed.hashes).toEqual(copy.map((e) => eventHash(e)));
  });

  it("lists bad NDJSON lines and invalid events in order, with the first in the summary", () => {
    const lines = [JSON.stringify(exampleEvents("p")[0]), "{not json", JSON.stringify({ type: "run", id: "r" })].join("\n");
    const parsed = parseEventBytes(bytes(lines));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors?.[0]).toMatchObject({ index: 1, message: expect.stringContaining("not valid JSON") });
    expect(parsed.errors?.some((e) => e.index === 2 && e.path === "experiment")).toBe(true);
    expect(parsed.error).toMatch(/^\d+ problems in the events, nothing was written; first: event 1: event is not valid JSON/);
  });

  it("refuses bytes that are not UTF-8, a bare value, and an empty body", () => {
    expect(parseEventBytes(new Uint8Array([0x5b, 0xff, 0x5d]))).toMatchObject({ ok: false, error: "the body is not valid UTF-8" });
    expect(parseEventBytes(bytes("true"))).toMatchObject({ ok: false, error: expect.stringContaining("JSON array of events or NDJSON") });
    expect(parseEventBytes(bytes("\n\n"))).toMatchObject({ ok: false, error: "the body holds no events" });
  });
});
