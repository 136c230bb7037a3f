// A client still sending a body the server refuses reads the refusal, every time. Python's urllib and Node's
// http without an agent ask for "Connection: close"; the server used to close the socket as soon as it had
// answered, under the client's writes, and the reset lost the answer: 11–15 % of 4 MB bodies over the limit
// ended in EPIPE instead of a 413 (lib/http/drain-body.ts). Sent with node:http, since fetch and Playwright's
// request context keep connections alive and would not show it.
import { sendCase, type Answer } from "../programs/reliability/hostile-send";
import { test, expect } from "./fixtures";

const SENDS = 40;
/** Far larger than the loopback socket buffers, so the client is still writing when the refusal is ready. */
const BODY_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

/** One POST at a time with `Connection: close` (node:http without an agent, as the hostile-input run sends). */
async function sendRepeatedly(baseURL: string, path: string, headers: Record<string, string>): Promise<Answer[]> {
  const bytes = new Uint8Array(BODY_BYTES).fill(0x20);
  const answers: Answer[] = [];
  for (let i = 0; i < SENDS; i++) {
    answers.push(await sendCase(baseURL, { id: `refused-body/${i}`, target: "ingest", category: "oversize_body", method: "POST", path, headers, body: { kind: "bytes", bytes }, expect: "refuse" }, TIMEOUT_MS));
  }
  return answers;
}

test("a body over a route's limit is answered 413 naming the body, not a broken connection", async ({ server }) => {
  // POST /api/v1/jobs takes at most 64 KB of JSON.
  const outcomes = await sendRepeatedly(server.baseURL, "/api/v1/jobs", { authorization: `Bearer ${server.adminToken}`, "content-type": "application/json" });
  expect(outcomes.filter((o) => o.status !== 413)).toEqual([]);
  expect(JSON.parse(outcomes[0].body)).toMatchObject({ field: "body", error: expect.stringMatching(/^body: at most 65536 bytes/) });
});
