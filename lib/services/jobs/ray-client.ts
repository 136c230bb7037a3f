// The Ray executor's calls to a Ray cluster's Jobs REST API (the head's dashboard), chosen by configuration:
//   HARNESS_LAB_RAY_ADDRESS   the dashboard's address, e.g. http://ray-head:8265 (a path prefix is kept, for
//                             a head behind a proxy: https://gateway.example/ray)
//   HARNESS_LAB_RAY_TOKEN     optional: sent as `Authorization: Bearer …` (a proxy's or Ray's token auth)
//   HARNESS_LAB_RAY_HEADERS   optional: more headers, a JSON object of strings, e.g. {"X-Api-Key":"…"}
// Every call is an HTTP request with a timeout. GET /api/version before a submit makes an unreachable head (or a
// refused token) a clear error at launch, never a job stuck queued. The token and headers go only into the
// requests: never into an error text, a log or a job record.
import http from "node:http";
import https from "node:https";
import { parseRayJob, raySubmitBody, raySubmissionId, type RayJobState, type RaySubmitInput } from "./ray-api";

export interface RayOptions {
  /** Without a trailing slash. */
  address: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** null when no Ray cluster is configured; throws with the variable's name when one is set wrong. */
export function rayOptions(env: Readonly<Record<string, string | undefined>>): RayOptions | null {
  const address = env.HARNESS_LAB_RAY_ADDRESS?.trim();
  if (!address) return null;
  if (!/^https?:\/\/[^/\s]+(\/\S*)?$/.test(address)) throw new Error(`HARNESS_LAB_RAY_ADDRESS must be the Ray dashboard's address like http://127.0.0.1:8265, not "${address}"`);
  const headers: Record<string, string> = {};
  const extra = env.HARNESS_LAB_RAY_HEADERS?.trim();
  if (extra) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(extra);
    } catch {
      parsed = null;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error('HARNESS_LAB_RAY_HEADERS must be a JSON object of header names to strings, e.g. {"X-Api-Key":"…"}');
    for (const [name, value] of Object.entries(parsed)) {
      // The value is never echoed: it is likely a secret.
      if (!HEADER_NAME.test(name) || typeof value !== "string" || /[\r\n\u0000]/.test(value)) throw new Error(`HARNESS_LAB_RAY_HEADERS: "${name.slice(0, 80)}" must be a header name with a one-line string value`);
      headers[name] = value;
    }
  }
  const token = env.HARNESS_LAB_RAY_TOKEN?.trim();
  if (token) headers.Authorization = `Bearer ${token}`;
  return { address: address.replace(/\/+$/, ""), headers, timeoutMs: 30_000 };
}

type Reply = { ok: true; status: number; text: string } | { ok: false; error: string };

/**
 * One request with node:http(s), not fetch: fetch always sends `Sec-Fetch-Mode`, and Ray's dashboard refuses
 * every POST that looks like a browser's (HTTP 405, its CSRF guard) — as the `ray job` CLI's requests are not.
 */
function request(options: RayOptions, method: "GET" | "POST", route: string, body?: unknown): Promise<{ status: number; text: string }> {
  const url = new URL(`${options.address}${route}`);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers: Record<string, string> = { ...options.headers, accept: "application/json", "user-agent": "harness-lab" };
  if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": String(payload.length) });
  return new Promise((resolve, reject) => {
    const req = (url.protocol === "https:" ? https : http).request(url, { method, headers, timeout: options.timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", reject);
    req.end(payload);
  });
}

async function call(options: RayOptions, method: "GET" | "POST", route: string, body?: unknown): Promise<Reply> {
  let response: { status: number; text: string };
  try {
    response = await request(options, method, route, body);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "TIMEOUT" ? `no answer within ${options.timeoutMs / 1000} s` : code ?? (error as Error).message;
    return { ok: false, error: `the Ray dashboard at ${options.address} is not reachable (${why})` };
  }
  const { status, text } = response;
  if (status === 401 || status === 403) return { ok: false, error: `the Ray dashboard at ${options.address} refused the request (HTTP ${status}): check HARNESS_LAB_RAY_TOKEN / HARNESS_LAB_RAY_HEADERS` };
  return { ok: true, status, text };
}

const brief = (text: string) => text.trim().split("\n").filter(Boolean).slice(-1)[0]?.slice(0, 300) || "no body";

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** null when the dashboard answers as a Ray Jobs API; otherwise why not. */
export async function rayUnreachable(options: RayOptions): Promise<string | null> {
  const reply = await call(options, "GET", "/api/version");
  if (!reply.ok) return reply.error;
  const version = json(reply.text) as { ray_version?: unknown } | null;
  if (reply.status !== 200 || typeof version?.ray_version !== "string") return `${options.address} does not answer as a Ray dashboard (GET /api/version: HTTP ${reply.status}, ${brief(reply.text)})`;
  return null;
}

export async function submitRay(input: RaySubmitInput, options: RayOptions): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const down = await rayUnreachable(options);
  if (down) return { ok: false, error: down };
  const body = raySubmitBody(input);
  const reply = await call(options, "POST", "/api/jobs/", body);
  if (!reply.ok) return reply;
  const answer = json(reply.text) as { submission_id?: unknown } | null;
  if (reply.status !== 200 || answer?.submission_id !== body.submission_id) {
    // Ray's refusal may quote the request: no value of the job's environment (its token) is repeated.
    const said = Object.values(input.env).filter((v) => v.length >= 8).reduce((text, value) => text.split(value).join("…"), brief(reply.text));
    return { ok: false, error: `Ray refused the job (HTTP ${reply.status}): ${said}` };
  }
  return { ok: true, id: raySubmissionId(input.jobId) };
}

export type RayQuery = { kind: "known"; state: RayJobState } | { kind: "unknown" } | { kind: "unreachable"; error: string };

export async function queryRay(submissionId: string, options: RayOptions): Promise<RayQuery> {
  const reply = await call(options, "GET", `/api/jobs/${encodeURIComponent(submissionId)}`);
  if (!reply.ok) return { kind: "unreachable", error: reply.error };
  if (reply.status === 404) return { kind: "unknown" };
  const state = reply.status === 200 ? parseRayJob(json(reply.text)) : null;
  return state ? { kind: "known", state } : { kind: "unreachable", error: `the Ray dashboard at ${options.address} answered HTTP ${reply.status} for job ${submissionId}: ${brief(reply.text)}` };
}

/** The job's whole log so far (Ray keeps it on the node that ran the driver). */
export async function rayLogs(submissionId: string, options: RayOptions): Promise<{ ok: true; logs: string } | { ok: false; error: string }> {
  const reply = await call(options, "GET", `/api/jobs/${encodeURIComponent(submissionId)}/logs`);
  if (!reply.ok) return reply;
  const logs = (json(reply.text) as { logs?: unknown } | null)?.logs;
  return reply.status === 200 && typeof logs === "string" ? { ok: true, logs } : { ok: false, error: `Ray answered HTTP ${reply.status} for the log of ${submissionId}: ${brief(reply.text)}` };
}

export async function stopRay(submissionId: string, options: RayOptions): Promise<{ ok: true } | { ok: false; error: string }> {
  const reply = await call(options, "POST", `/api/jobs/${encodeURIComponent(submissionId)}/stop`);
  if (!reply.ok) return reply;
  return reply.status === 200 ? { ok: true } : { ok: false, error: `Ray could not stop job ${submissionId} (HTTP ${reply.status}): ${brief(reply.text)}` };
}
