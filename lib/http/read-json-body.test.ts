// readJsonBody refuses each bad body with the status of its kind and names the field: type (415), size (413, also
// for a streamed body without Content-Length), syntax and schema (400); a good body comes back parsed.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readJsonBody } from "./read-json-body";
import { refusalResponse } from "./json-response";

const Body = z.strictObject({ template: z.string("must be a template id").min(1, "must not be empty") });
const limits = { maxBytes: 64, expected: "a JSON object {template}" };

function post(body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }): Request {
  return new Request("http://localhost/api/v1/x", { method: "POST", body, headers, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

async function answer(request: Request, options: Parameters<typeof readJsonBody>[2] = limits) {
  const read = await readJsonBody(request, Body, options);
  if (read.ok) return { ok: true, data: read.data };
  const response = refusalResponse(read.refusal);
  return { status: response.status, body: await response.json() };
}

describe("readJsonBody", () => {
  it("returns the parsed body", async () => {
    expect(await answer(post(JSON.stringify({ template: "t1" })))).toEqual({ ok: true, data: { template: "t1" } });
  });

  it("names the schema's field in a 400", async () => {
    expect(await answer(post(JSON.stringify({ template: "" })))).toEqual({ status: 400, body: { error: "template: must not be empty", field: "template" } });
    expect(await answer(post(JSON.stringify({ template: "t", extra: 1 })))).toMatchObject({ status: 400, body: { field: "extra" } });
  });

  it("refuses a body that is not JSON with what it should be", async () => {
    const { status, body } = (await answer(post("{oops"))) as { status: number; body: { error: string; field: string } };
    expect(status).toBe(400);
    expect(body.field).toBe("body");
    expect(body.error).toMatch(/^body: must be a JSON object \{template\}/);
  });

  it("refuses a body over the limit, declared or streamed without a length", async () => {
    const big = JSON.stringify({ template: "x".repeat(100) });
    expect(await answer(post(big))).toEqual({ status: 413, body: { error: "body: at most 64 bytes", field: "body" } });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new TextEncoder().encode("          "));
        controller.close();
      },
    });
    expect(await answer(post(stream))).toMatchObject({ status: 413 });
  });

  it("refuses another content type when the route asks for JSON, and reads an empty body as absent when allowed", async () => {
    expect(await answer(post("{}", { "content-type": "text/plain" }), { ...limits, requireJsonType: true })).toMatchObject({ status: 415, body: { field: "body" } });
    const empty = await readJsonBody(post(""), z.unknown(), { ...limits, allowEmpty: true });
    expect(empty).toEqual({ ok: true, data: undefined });
  });
});
