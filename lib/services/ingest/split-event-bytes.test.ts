import { describe, expect, it } from "vitest";
import { splitEventBytes } from "./split-event-bytes";
import { parseEventBytes } from "./parse-event-bytes";
import { exampleEvents } from "../../events/examples";
import { ingestCases } from "../../../programs/reliability/hostile-ingest-cases";
import type { HostileContext } from "../../../programs/reliability/hostile-case";
import { mulberry32 } from "../../stats/prng";

const bytes = (text: string) => new TextEncoder().encode(text);
const texts = (pieces: Uint8Array[] | null) => pieces?.map((p) => new TextDecoder().decode(p)) ?? null;

describe("splitEventBytes", () => {
  it("splits an array and NDJSON into each event's bytes, strings with brackets, quotes and escapes included", () => {
    const a = '{"type":"x","s":"} ] [ { \\" \\\\","n":[1,{"k":"\\\\\\""}]}';
    const b = '{"e":"é\u{1F600}","t":"\\\\"}';
    expect(texts(splitEventBytes(bytes(` [ ${a} ,\n${b}] \n`)))).toEqual([a, b]);
    expect(texts(splitEventBytes(bytes(`${a}\r\n\n  ${b}  \n`)))).toEqual([a, b]);
  });

  it("answers null for every shape it does not split, so the whole body is parsed and refused as before", () => {
    for (const body of ["", "  ", "[]", "[1]", '["x"]', '[{"a":1} {"b":2}]', '[{"a":1},]', '[{"a":1}] x', '[{"a":"1}]', '\ufeff[{"a":1}]', '{"a":1}\n[1]', '{"a":1}\n\u00a0', "true"]) {
      expect(splitEventBytes(bytes(body)), JSON.stringify(body)).toBeNull();
    }
  });

  it("gives the events, hashes and refusals of the whole-body parse for valid batches and every hostile-input body", () => {
    const ctx: HostileContext = {
      adminToken: "a", readToken: "r", ingestToken: "i", expiredToken: "e", revokedToken: "v", viewerSession: "s", adminSession: "s",
      signInUser: "u", seedPrefix: "seed", maxBodyBytes: 64 * 1024, host: "localhost", signInActionId: "x",
    };
    const events = exampleEvents("split");
    const bodies = [
      bytes(JSON.stringify(events)), bytes(JSON.stringify(events, null, 2)), bytes(events.map((e) => JSON.stringify(e)).join("\n")),
      ...ingestCases(ctx, mulberry32(19)).flatMap((c) => (c.body?.kind === "bytes" && c.body.bytes.length <= 1_000_000 ? [c.body.bytes] : [])),
    ];
    let split = 0;
    for (const body of bodies) {
      if (splitEventBytes(body)) split++;
      expect(parseEventBytes(body)).toEqual(parseEventBytes(body, { whole: true }));
    }
    expect(split).toBeGreaterThan(100);
  });
});
