// The Slurm executor through slurmrestd instead of the command-line tools, chosen by configuration:
//   HARNESS_LAB_SLURMRESTD_URL    e.g. http://127.0.0.1:6820 — set, and Slurm jobs go through REST
//   HARNESS_LAB_SLURMRESTD_TOKEN  a JWT; unset, one is made with `scontrol token` (on the controller host)
//   HARNESS_LAB_SLURMRESTD_USER   whom the token is for (default: the user the server runs as)
// Every call is a fetch with a timeout. A ping before submitting makes an unreachable slurmrestd or a
// rejected token a clear error at launch, never a job stuck queued. The token goes only into the request
// headers: never into an error text, a log or a job record.
import { execFile } from "node:child_process";
import os from "node:os";
import { parseJobAnswer, parseScontrolToken, parseSubmitAnswer, restErrorText, REST_VERSION, type RestJobAnswer, type RestSubmitInput, restSubmitBody } from "./slurm-rest-api";

export interface SlurmRestOptions {
  url: string;
  user: string;
  /** A fixed token; null = made with `scontrol token` and renewed before it expires. */
  token: string | null;
  timeoutMs: number;
  /** Environment of `scontrol token` (SLURM_CONF …). */
  env: Record<string, string>;
}

export function slurmRestOptions(env: Readonly<Record<string, string | undefined>>, commandEnv: Record<string, string>): SlurmRestOptions | null {
  const url = env.HARNESS_LAB_SLURMRESTD_URL?.trim();
  if (!url) return null;
  if (!/^https?:\/\/[^/\s]+\/?$/.test(url)) throw new Error(`HARNESS_LAB_SLURMRESTD_URL must be an address like http://127.0.0.1:6820, not "${url}"`);
  let user = env.HARNESS_LAB_SLURMRESTD_USER?.trim();
  if (!user) user = os.userInfo().username;
  return { url: url.replace(/\/+$/, ""), user, token: env.HARNESS_LAB_SLURMRESTD_TOKEN?.trim() || null, timeoutMs: 30_000, env: commandEnv };
}

const TOKEN_LIFESPAN_S = 3600;
/** SLURM_PROTOCOL_AUTHENTICATION_ERROR */
const AUTH_ERROR = 1007;
const minted = new Map<string, { token: string; until: number }>();

/** The configured token, or a fresh one from `scontrol token` (cached until 5 minutes before it expires). */
async function tokenFor(options: SlurmRestOptions): Promise<string> {
  if (options.token) return options.token;
  const cached = minted.get(options.user);
  if (cached && cached.until > Date.now()) return cached.token;
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile("scontrol", ["token", `username=${options.user}`, `lifespan=${TOKEN_LIFESPAN_S}`], { env: options.env as NodeJS.ProcessEnv, encoding: "utf8", timeout: options.timeoutMs, killSignal: "SIGKILL" }, (error, out, err) => {
      if (error) reject(new Error(`no slurmrestd token: HARNESS_LAB_SLURMRESTD_TOKEN is unset and \`scontrol token\` failed (${(err.trim().split("\n").pop() || error.message).slice(0, 200)})`));
      else resolve(out);
    });
  });
  const token = parseScontrolToken(stdout);
  if (!token) throw new Error("no slurmrestd token: `scontrol token` printed no SLURM_JWT=…");
  minted.set(options.user, { token, until: Date.now() + (TOKEN_LIFESPAN_S - 300) * 1000 });
  return token;
}

type Reply = { ok: true; status: number; body: unknown } | { ok: false; error: string };

async function call(options: SlurmRestOptions, method: "GET" | "POST" | "DELETE", route: string, body?: unknown): Promise<Reply> {
  let token: string;
  try {
    token = await tokenFor(options);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const where = `${options.url}/slurm/${REST_VERSION}${route}`;
  let response: Response;
  try {
    response = await fetch(where, {
      method,
      headers: { "X-SLURM-USER-NAME": options.user, "X-SLURM-USER-TOKEN": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    // fetch says "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, "bad port" …).
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const why = e.name === "TimeoutError" ? `no answer within ${options.timeoutMs / 1000} s` : e.cause?.code ?? e.cause?.message ?? e.message;
    return { ok: false, error: `slurmrestd at ${options.url} is not reachable (${why})` };
  }
  if (response.status === 401 || response.status === 403) {
    return { ok: false, error: `slurmrestd at ${options.url} rejected the token for user "${options.user}" (HTTP ${response.status})` };
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // slurmrestd answers JSON; anything else (a proxy's page, "Authentication failure") is reported below.
  }
  if (parsed === null) return { ok: false, error: `slurmrestd at ${options.url} answered HTTP ${response.status}: ${text.trim().slice(0, 200) || "no body"}` };
  return { ok: true, status: response.status, body: parsed };
}

/** null when slurmrestd answers, accepts the token and reaches the controller; otherwise why not. */
export async function slurmRestUnreachable(options: SlurmRestOptions): Promise<string | null> {
  const reply = await call(options, "GET", "/ping");
  if (!reply.ok) return reply.error;
  const failure = restErrorText(reply.body);
  // slurmrestd passes the token on to slurmctld and does not answer HTTP 401 for a bad one: 22.05 says error -1
  // "slurmctld config is unable to load" — exactly what it says (after ~9 s) when slurmctld is down. Both
  // causes are named, rather than guessing one.
  const numbers = ((reply.body as { errors?: { error_number?: number }[] }).errors ?? []).map((e) => e.error_number);
  if (numbers.some((n) => n === -1 || n === AUTH_ERROR)) return `slurmrestd at ${options.url}: the Slurm controller refused the token for user "${options.user}" or is down (${failure})`;
  if (failure || reply.status >= 400) return `slurmrestd at ${options.url} cannot reach the Slurm controller (${failure ?? `HTTP ${reply.status}`})`;
  const pings = (reply.body as { pings?: { ping?: string }[] }).pings;
  if (Array.isArray(pings) && pings.length > 0 && !pings.some((p) => p.ping === "UP")) return `the Slurm controller is not reachable through slurmrestd at ${options.url} (ping: ${pings.map((p) => p.ping).join(", ")})`;
  return null;
}

export async function submitRest(input: RestSubmitInput, options: SlurmRestOptions): Promise<{ ok: true; id: string } | { ok: false; error: string }> {
  const down = await slurmRestUnreachable(options);
  if (down) return { ok: false, error: down };
  const reply = await call(options, "POST", "/job/submit", restSubmitBody(input));
  if (!reply.ok) return reply;
  return parseSubmitAnswer(reply.body);
}

export async function queryRest(id: string, options: SlurmRestOptions): Promise<RestJobAnswer> {
  const reply = await call(options, "GET", `/job/${encodeURIComponent(id)}`);
  if (!reply.ok) return { kind: "error", error: reply.error };
  return parseJobAnswer(reply.body, id);
}

export async function cancelRest(id: string, options: SlurmRestOptions): Promise<{ ok: true } | { ok: false; error: string }> {
  const reply = await call(options, "DELETE", `/job/${encodeURIComponent(id)}`);
  if (!reply.ok) return reply;
  const failure = restErrorText(reply.body);
  return failure ? { ok: false, error: `slurmrestd could not cancel job ${id}: ${failure}` } : { ok: true };
}
