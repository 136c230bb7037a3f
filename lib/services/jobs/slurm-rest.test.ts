// The slurmrestd client against a stand-in HTTP server on loopback (the real one: test/jobs/slurm-rest-jobs.test.ts):
// the headers and routes it sends, and how refusals, silence and odd answers become errors without the token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { cancelRest, queryRest, slurmRestOptions, slurmRestUnreachable, submitRest, type SlurmRestOptions } from "./slurm-rest";

const TOKEN = "secret-jwt-value";
const seen: { method: string; url: string; user?: string; token?: string; body: string }[] = [];
let reply: (url: string) => { status: number; body: string; delayMs?: number } = () => ({ status: 200, body: "{}" });
let server: http.Server;
let url = "";

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method!, url: req.url!, user: req.headers["x-slurm-user-name"] as string, token: req.headers["x-slurm-user-token"] as string, body });
    const r = reply(req.url!);
    setTimeout(() => res.writeHead(r.status, { "content-type": "application/json" }).end(r.body), r.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const options = (over: Partial<SlurmRestOptions> = {}): SlurmRestOptions => ({ url, user: "alice", token: TOKEN, timeoutMs: 2000, env: {}, ...over });
const input = { jobId: "j1234567890", script: "#!/bin/bash\ntrue\n", logPath: "/tmp/j.log", cwd: "/tmp", environment: { PATH: "/bin" }, resources: {} };

describe("the slurmrestd client", () => {
  it("pings, then submits with the user and token headers", async () => {
    seen.length = 0;
    reply = (u) => (u.endsWith("/ping") ? { status: 200, body: JSON.stringify({ errors: [], pings: [{ hostname: "vm", ping: "UP" }] }) } : { status: 200, body: JSON.stringify({ errors: [], job_id: 12 }) });
    expect(await submitRest(input, options())).toEqual({ ok: true, id: "12" });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["GET /slurm/v0.0.38/ping", "POST /slurm/v0.0.38/job/submit"]);
    expect(seen.every((s) => s.user === "alice" && s.token === TOKEN)).toBe(true);
    expect(JSON.parse(seen[1].body)).toMatchObject({ script: input.script, job: { name: "harness-lab-j1234567", environment: { PATH: "/bin" } } });
  });

  it("does not submit when the controller is down behind slurmrestd", async () => {
    seen.length = 0;
    reply = () => ({ status: 200, body: JSON.stringify({ errors: [], pings: [{ hostname: "vm", ping: "DOWN" }] }) });
    expect(await submitRest(input, options())).toEqual({ ok: false, error: `the Slurm controller is not reachable through slurmrestd at ${url} (ping: DOWN)` });
    expect(seen).toHaveLength(1);
  });

  it("reports a rejected token without the token", async () => {
    reply = () => ({ status: 401, body: "Authentication failure" });
    const down = await slurmRestUnreachable(options());
    expect(down).toBe(`slurmrestd at ${url} rejected the token for user "alice" (HTTP 401)`);
    expect(down).not.toContain(TOKEN);
    // What 22.05 really answers for a token slurmctld refuses (and for a slurmctld that is down).
    reply = () => ({ status: 500, body: JSON.stringify({ errors: [{ description: "slurmctld config is unable to load", error_number: -1, error: "Unspecified error" }] }) });
    expect(await slurmRestUnreachable(options())).toBe(`slurmrestd at ${url}: the Slurm controller refused the token for user "alice" or is down (slurmctld config is unable to load (Slurm error -1))`);
  });

  it("reports silence within the timeout, and a closed port", async () => {
    reply = () => ({ status: 200, body: "{}", delayMs: 1500 });
    expect(await slurmRestUnreachable(options({ timeoutMs: 300 }))).toBe(`slurmrestd at ${url} is not reachable (no answer within 0.3 s)`);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await slurmRestUnreachable(options({ url: `http://127.0.0.1:${port}` }))).toBe(`slurmrestd at http://127.0.0.1:${port} is not reachable (ECONNREFUSED)`);
  });

  it("queries (an unknown job is 2017, HTTP 500) and cancels with DELETE", async () => {
    seen.length = 0;
    reply = () => ({ status: 500, body: JSON.stringify({ errors: [{ error_number: 2017, error: "Invalid job id specified" }], jobs: [] }) });
    expect(await queryRest("99999", options())).toEqual({ kind: "unknown" });
    expect(await cancelRest("99999", options())).toEqual({ ok: false, error: "slurmrestd could not cancel job 99999: Invalid job id specified (Slurm error 2017)" });
    reply = () => ({ status: 200, body: JSON.stringify({ errors: [] }) });
    expect(await cancelRest("5", options())).toEqual({ ok: true });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["GET /slurm/v0.0.38/job/99999", "DELETE /slurm/v0.0.38/job/99999", "DELETE /slurm/v0.0.38/job/5"]);
  });

  it("is configured from the environment, and only when the address is set", () => {
    expect(slurmRestOptions({}, {})).toBeNull();
    expect(slurmRestOptions({ HARNESS_LAB_SLURMRESTD_URL: "http://127.0.0.1:6820/", HARNESS_LAB_SLURMRESTD_USER: "bob", HARNESS_LAB_SLURMRESTD_TOKEN: "t" }, { PATH: "/bin" }))
      .toEqual({ url: "http://127.0.0.1:6820", user: "bob", token: "t", timeoutMs: 30_000, env: { PATH: "/bin" } });
    expect(slurmRestOptions({ HARNESS_LAB_SLURMRESTD_URL: "http://h:1", HARNESS_LAB_SLURMRESTD_TOKEN: " " }, {})?.token).toBeNull();
    expect(() => slurmRestOptions({ HARNESS_LAB_SLURMRESTD_URL: "127.0.0.1:6820" }, {})).toThrow(/must be an address like/);
  });
});
