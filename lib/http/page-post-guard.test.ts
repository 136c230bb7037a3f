import { describe, expect, it } from "vitest";
import { MAX_PAGE_POST_BYTES, refuseMalformedPagePost, refuseMalformedPath } from "./page-post-guard";

const post = (path: string, headers: Record<string, string>, body?: BodyInit) => new Request(`http://lab.test${path}`, { method: "POST", headers, body });

async function refusal(request: Request): Promise<{ status: number; error: string } | null> {
  const response = await refuseMalformedPagePost(request);
  return response ? { status: response.status, error: (await response.json()).error } : null;
}

describe("refuseMalformedPath", () => {
  it("refuses malformed percent-escapes in any segment with a 400 naming it", async () => {
    for (const path of ["/api/v1/experiments/%E0%A4%A", "/api/v1/rollouts/%ZZ/turns/1", "/experiments/%C0%AF", "/x/%ED%A0%80", "/x/%"]) {
      const response = refuseMalformedPath(new Request(`http://lab.test${path}?q=1`));
      expect(response?.status, path).toBe(400);
      expect((await response!.json()).error, path).toMatch(/^path: .* is not valid percent-encoded UTF-8$/);
    }
  });

  it("lets well-formed escapes and the query alone through", () => {
    for (const path of ["/api/v1/experiments/a%3Ab", "/tasks/%F0%9F%92%A9", "/api/v1/rollouts?q=%E0%A4%A", "/x/%00"]) {
      expect(refuseMalformedPath(new Request(`http://lab.test${path}`)), path).toBeNull();
    }
  });
});

describe("refuseMalformedPagePost", () => {
  const form = () => {
    const data = new FormData();
    data.set("username", "ada");
    return data;
  };

  it("lets real action calls and no-JS form posts through", async () => {
    expect(await refusal(post("/sign-in", { "next-action": "7f00" }, form()))).toBeNull();
    expect(await refusal(post("/sign-in", { "next-action": "7f00", "content-type": "text/plain;charset=UTF-8" }, '["$K1"]'))).toBeNull();
    expect(await refusal(post("/sign-in", {}, form()))).toBeNull();
    expect(await refusal(new Request("http://lab.test/sign-in"))).toBeNull();
    // A route handler's own form post (sign-out posts an empty urlencoded form).
    expect(await refusal(post("/sign-out", { "content-type": "application/x-www-form-urlencoded" }, ""))).toBeNull();
  });

  it("refuses posts that are no form of this site with a 415 instead of rendering the page", async () => {
    expect(await refusal(post("/sign-in", { "content-type": "application/x-www-form-urlencoded" }, "username=a"))).toMatchObject({ status: 415, error: expect.stringMatching(/^content-type: /) });
    expect(await refusal(post("/sign-in", { "content-type": "application/json" }, "{}"))).toMatchObject({ status: 415 });
    expect(await refusal(post("/sign-in", {}))).toMatchObject({ status: 415 });
    expect(await refusal(post("/sign-in", { "next-action": "7f00", "content-type": "application/x-www-form-urlencoded" }, "a=b"))).toMatchObject({ status: 415 });
  });

  it("refuses a body Next cannot parse (400) and one over Next's action body limit (413)", async () => {
    expect(await refusal(post("/sign-in", { "next-action": "7f00", "content-type": "multipart/form-data; boundary=zz" }, "--yy\r\nbroken"))).toMatchObject({ status: 400, error: "body: not valid multipart/form-data" });
    expect(await refusal(post("/sign-in", { "next-action": "7f00", "content-type": "text/plain" }, "not json"))).toMatchObject({ status: 400, error: "body: the action's arguments are not valid JSON text" });
    const huge = "x".repeat(MAX_PAGE_POST_BYTES + 1);
    expect(await refusal(post("/sign-in", { "next-action": "7f00", "content-type": "text/plain" }, huge))).toMatchObject({ status: 413 });
    // Without a Content-Length (a streamed body) the limit holds too.
    const stream = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(huge)); c.close(); } });
    const streamed = new Request("http://lab.test/sign-in", { method: "POST", headers: { "next-action": "7f00", "content-type": "text/plain" }, body: stream, duplex: "half" } as RequestInit);
    expect(await refusal(streamed)).toMatchObject({ status: 413 });
  });
});
