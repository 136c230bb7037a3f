// A client still sending a body the server refuses reads the refusal, every time. Python's urllib and Node's
// http without an agent ask for "Connection: close"; the server used to close the socket as soon as it had
// answered, under the client's writes, and the reset lost the answer: 11–15 % of 4 MB bodies over the limit
// ended in EPIPE instead of a 413 (lib/http/drain-body.ts). Sent with node:http, since fetch and Playwright's
// request context keep connections alive and would not show it.
import http from "node:http";
import { test, expect } from "./fixtures";

const SENDS = 40;
/** Far larger than the loopback socket buffers, so the client is still writing when the refusal is ready. */
const BODY_BYTES = 8 * 1024 * 1024;

interface Outcome {
  status: number | null;
  error?: string;
  body: string;
}

function postClosing(baseURL: string, path: string, headers: Record<string, string>, body: Buffer): Promise<Outcome> {
  const url = new URL(path, baseURL);
  return new Promise((resolve) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method: "POST", path: url.pathname, agent: false, headers: { ...headers, "content-length": body.length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    // A write error may come just before the answer is read: wait a moment for the answer before calling it lost.
    request.on("error", (error) => setTimeout(() => resolve({ status: null, error: error.message, body: "" }), 100));
    request.end(body);
  });
}

async function sendRepeatedly(baseURL: string, path: string, headers: Record<string, string>): Promise<Outcome[]> {
  const body = Buffer.alloc(BODY_BYTES, 0x20);
  const outcomes: Outcome[] = [];
  for (let i = 0; i < SENDS; i++) outcomes.push(await postClosing(baseURL, path, headers, body));
  return outcomes;
}

test("a body over a route's limit is answered 413 naming the body, not a broken connection", async ({ server }) => {
  // POST /api/v1/jobs takes at most 64 KB of JSON.
  const outcomes = await sendRepeatedly(server.baseURL, "/api/v1/jobs", { authorization: `Bearer ${server.adminToken}`, "content-type": "application/json" });
  expect(outcomes.filter((o) => o.status !== 413)).toEqual([]);
  expect(JSON.parse(outcomes[0].body)).toMatchObject({ field: "body", error: expect.stringMatching(/^body: at most 65536 bytes/) });
});
