// No secret reaches the server's log. A flow that touches every kind of secret — a password sign-in (and a
// wrong password), an API token created under Settings and used (a read, a refused write), the admin's
// session, a sign-in link made under Settings and used, a job whose own token posts back (and is refused
// outside its experiment) — and then the e2e server's log (e2e/.state/server.log, written by global setup)
// is searched for each secret and for anything shaped like a Harness Lab secret at all. The one-time
// link the server prints on its very first start is the single, deliberate exception (like Jupyter's).
// A second server of its own sends jobs to a stand-in slurmrestd, for the slurmrestd token.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { startProductionServer } from "../programs/bench/server-process";
import { test, expect, bearer, SIGNED_OUT, LANDING_URL } from "./fixtures";
import { PROJECT_ROOT } from "./state";

const P = `e2e-sec-logs-${Date.now()}`;
const EXPERIMENT = `${P}-exp`;
const TEMPLATE = `${P}-env`;

/** What the job runs: print its own token and environment, then use the token where it is not allowed. One
 * line: an argument may not hold control characters. */
const JOB_CODE = `
const token = process.env.HARNESS_LAB_TOKEN;
console.log("job-token=" + token);
console.log("job-env=" + JSON.stringify(process.env));
const events = [{ type: "experiment", id: "${P}-elsewhere", name: "not this job's experiment", method: "custom" }];
fetch(process.env.HARNESS_LAB_URL + "/api/v1/events", { method: "POST", headers: { authorization: "Bearer " + token, "content-type": "application/json" }, body: JSON.stringify(events) })
  .then((r) => console.log("ingest-status=" + r.status));
`.replace(/\s*\n\s*/g, " ");

test("a flow with every kind of secret leaves none of them in the server's log", async ({ page, browser, request, server }) => {
  test.setTimeout(120_000);
  const secrets: Record<string, string> = { "the admin API token (HARNESS_LAB_ADMIN_TOKEN)": server.adminToken };
  const admin = (await page.context().cookies()).find((c) => c.name === "harness_lab_session");
  expect(admin).toBeDefined();
  secrets["the admin's session cookie"] = admin!.value;
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: [{ type: "experiment", id: EXPERIMENT, name: "Logs", method: "custom" }] });
  expect(res.status()).toBe(200);

  // A user with a password signs in (after one wrong try).
  const password = `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  secrets["a password"] = password;
  await page.goto("/settings");
  const createUser = page.getByRole("form", { name: "Create user" });
  await createUser.getByLabel("Username").fill(`${P}-pw`);
  await createUser.getByLabel("Initial password (optional)").fill(password);
  await createUser.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `User “${P}-pw” created.` })).toBeVisible();
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const user = await context.newPage();
    await user.goto("/sign-in");
    await user.getByLabel("Username").fill(`${P}-pw`);
    await user.getByLabel("Password").fill(`${password}-wrong`);
    await user.getByRole("button", { name: "Sign in" }).click();
    await expect(user.getByRole("alert").filter({ hasText: "wrong username or password" })).toBeVisible();
    // React resets the form after the answer; fill it again once it has.
    await expect(user.getByLabel("Username")).toHaveValue("");
    await user.getByLabel("Username").fill(`${P}-pw`);
    await user.getByLabel("Password").fill(password);
    await user.getByRole("button", { name: "Sign in" }).click();
    await expect(user).toHaveURL(LANDING_URL);
    secrets["a password session's cookie"] = (await context.cookies()).find((c) => c.name === "harness_lab_session")!.value;
  } finally {
    await context.close();
  }

  // A sign-in link made under Settings, then used.
  await page.goto("/settings");
  await createUser.getByLabel("Username").fill(`${P}-link`);
  await createUser.getByLabel("Initial password (optional)").fill("");
  await createUser.getByRole("button", { name: "Create user" }).click();
  const created = page.getByRole("status").filter({ hasText: `User “${P}-link” created.` });
  const link = (await created.locator("code").textContent())!.trim();
  secrets["a sign-in link's token"] = new URL(link).searchParams.get("token")!;
  const linkContext = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const linked = await linkContext.newPage();
    await linked.goto(link);
    await expect(linked).toHaveURL(LANDING_URL);
    secrets["a link session's cookie"] = (await linkContext.cookies()).find((c) => c.name === "harness_lab_session")!.value;
  } finally {
    await linkContext.close();
  }

  // An API token created under Settings: a read, and a write it has no scope for.
  await page.goto("/settings");
  const tokenForm = page.getByRole("form", { name: "Create API token" });
  await tokenForm.getByLabel("Token name").fill(`${P}-reader`);
  await tokenForm.getByRole("button", { name: "Create token" }).click();
  const apiToken = (await page.getByTestId("new-token-secret").textContent())!.trim();
  expect(apiToken).toMatch(/^hl_/);
  secrets["an API token"] = apiToken;
  expect((await request.get("/api/v1/experiments", { headers: bearer(apiToken) })).status()).toBe(200);
  expect((await request.post("/api/v1/events", { headers: bearer(apiToken), data: [] })).status()).toBe(403);
  expect((await request.get("/api/v1/experiments", { headers: bearer(`${apiToken}x`) })).status()).toBe(401);

  // A job: its own token posts back, outside its experiment (refused, and logged as refused).
  await page.goto("/settings/job-templates");
  const editor = page.getByRole("form", { name: "New template" });
  await editor.getByLabel("Template id").fill(TEMPLATE);
  await editor.getByLabel("Experiment id (empty: every experiment)").fill(EXPERIMENT);
  const spec = { name: "E2E secrets", kind: "custom", command: ["{node}", "-e", JOB_CODE.replace(/[{}]/g, (c) => c + c)] };
  await editor.getByLabel("Specification (JSON)").fill(JSON.stringify(spec));
  await editor.getByRole("button", { name: "Save template" }).click();
  await expect(editor.getByRole("status")).toHaveText(`Template “${TEMPLATE}” saved.`);
  const launched = await request.post("/api/v1/jobs", { headers: bearer(server.adminToken), data: { template: TEMPLATE, experiment: EXPERIMENT } });
  expect(launched.status(), await launched.text()).toBe(201);
  const jobId = ((await launched.json()) as { job: { id: string } }).job.id;
  const jobLog = async () => ((await (await request.get(`/api/v1/jobs/${encodeURIComponent(jobId)}/log`)).json()) as { text: string }).text;
  await expect.poll(jobLog, { timeout: 60_000 }).toMatch(/ingest-status=403/);
  const log = await jobLog();
  const jobToken = /job-token=(\S+)/.exec(log)![1];
  expect(jobToken).toMatch(/^hl_/);
  secrets["a job's token"] = jobToken;
  // The job's environment is an allow-list: the server's own admin token is not in it.
  expect(/job-env=(.*)/.exec(log)![1]).not.toContain(server.adminToken);

  // The server's log: the flow was logged (refusals name the token by its name) …
  const readLog = () => fs.readFileSync(server.logFile, "utf8");
  await expect.poll(readLog, { timeout: 10_000 }).toContain(`ingest refused (403) for job ${jobId}:`);
  const serverLog = readLog();
  expect(serverLog).toContain('ingest refused (403): token lacks scope "ingest"');
  // … and holds none of the secrets, nor anything shaped like one but the first-start link.
  for (const [what, secret] of Object.entries(secrets)) expect(serverLog.includes(secret), `${what} is in the server log`).toBe(false);
  const firstLinkToken = new URL(server.link).searchParams.get("token");
  const secretShaped = [...serverLog.matchAll(/hl_[A-Za-z0-9_-]{20,}/g)].map((m) => m[0]).filter((s) => s !== firstLinkToken && s !== server.adminToken);
  expect(secretShaped).toEqual([]);
});

/** A stand-in slurmrestd (REST v0.0.38): records the token each call carries, accepts one job, ends it on request. */
function fakeSlurmrestd() {
  const tokens = new Set<string>();
  const submitted: string[] = [];
  let finished = false;
  const server = http.createServer((req, res) => {
    tokens.add(String(req.headers["x-slurm-user-token"]));
    const answer = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      if (req.url === "/slurm/v0.0.38/ping") return answer({ pings: [{ ping: "UP" }] });
      if (req.url === "/slurm/v0.0.38/job/submit") return submitted.push(body), answer({ job_id: 4242 });
      // Once, an answer that is not JSON: the error path must not carry the token anywhere either.
      if (req.url === "/slurm/v0.0.38/job/4242" && !finished && submitted.length === 1) return submitted.push("probed"), res.writeHead(502).end("bad gateway");
      if (req.url === "/slurm/v0.0.38/job/4242") return answer({ jobs: [{ job_id: 4242, job_state: finished ? "COMPLETED" : "RUNNING", exit_code: 0 }] });
      res.writeHead(404).end("{}");
    });
  });
  return { server, tokens, submitted, finish: () => void (finished = true) };
}

test("with jobs on Slurm through slurmrestd, neither its token nor the job's token reaches the log", async ({ browser }) => {
  test.setTimeout(180_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-sec-logs-"));
  const slurm = fakeSlurmrestd();
  await new Promise<void>((resolve) => slurm.server.listen(0, "127.0.0.1", resolve));
  const slurmToken = `eyJslurm.${crypto.randomBytes(24).toString("base64url")}`;
  const adminToken = `hl_${crypto.randomBytes(24).toString("base64url")}`;
  const lab = await startProductionServer(PROJECT_ROOT, {
    HARNESS_LAB_HOME: PROJECT_ROOT,
    HARNESS_LAB_DB: path.join(tmp, "lab.db"),
    HARNESS_LAB_JOBS_DIR: path.join(tmp, "jobs"),
    HARNESS_LAB_ADMIN_TOKEN: adminToken,
    HARNESS_LAB_NO_DEMO: "1",
    HARNESS_LAB_SLURMRESTD_URL: `http://127.0.0.1:${(slurm.server.address() as AddressInfo).port}`,
    HARNESS_LAB_SLURMRESTD_TOKEN: slurmToken,
    HARNESS_LAB_SLURMRESTD_USER: "lab",
  });
  const context = await browser.newContext({ baseURL: lab.url, storageState: SIGNED_OUT });
  try {
    // The first-start link signs the admin in; the admin saves a template that runs on Slurm.
    await expect.poll(() => /(http:\/\/\S+\/sign-in\/link\?token=\S+)/.exec(lab.log())?.[1] ?? null, { timeout: 30_000 }).not.toBeNull();
    const page = await context.newPage();
    await page.goto(/(http:\/\/\S+\/sign-in\/link\?token=\S+)/.exec(lab.log())![1]);
    await expect(page).toHaveURL(LANDING_URL);
    await page.goto("/settings/job-templates");
    const editor = page.getByRole("form", { name: "New template" });
    await editor.getByLabel("Template id").fill("on-slurm");
    await editor.getByLabel("Specification (JSON)").fill(JSON.stringify({ name: "On Slurm", kind: "custom", command: ["{node}", "-e", "1"], resources: { executor: "slurm" } }));
    await editor.getByRole("button", { name: "Save template" }).click();
    await expect(editor.getByRole("status")).toHaveText("Template “on-slurm” saved.");

    const experiment = [{ type: "experiment", id: "slurm-exp", name: "On Slurm", method: "custom" }];
    expect((await page.request.post("/api/v1/events", { headers: bearer(adminToken), data: experiment })).status()).toBe(200);
    const launched = await page.request.post("/api/v1/jobs", { headers: bearer(adminToken), data: { template: "on-slurm", experiment: "slurm-exp" } });
    expect(launched.status(), await launched.text()).toBe(201);
    const jobId = ((await launched.json()) as { job: { id: string } }).job.id;
    await expect.poll(() => slurm.submitted.length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The job's token waits for the batch script in an owner-only file of the job directory.
    const tokenFile = (fs.readdirSync(path.join(tmp, "jobs"), { recursive: true }) as string[]).find((f) => f.endsWith(".token"))!;
    const jobToken = fs.readFileSync(path.join(tmp, "jobs", tokenFile), "utf8").trim();
    expect(jobToken).toMatch(/^hl_/);
    expect(slurm.submitted[0]).not.toContain(jobToken);
    expect((await page.request.get("/api/v1/experiments", { headers: bearer(jobToken) })).status()).toBe(200);
    await expect.poll(() => slurm.submitted.includes("probed"), { timeout: 30_000 }).toBe(true);
    slurm.finish();
    const status = async () => ((await (await page.request.get(`/api/v1/jobs/${encodeURIComponent(jobId)}`)).json()) as { job: { status: string } }).job.status;
    await expect.poll(status, { timeout: 60_000 }).toBe("succeeded");

    // slurmrestd got the token on every call; the log never did.
    expect([...slurm.tokens]).toEqual([slurmToken]);
    const log = lab.log();
    expect(log).toContain("Harness Lab: store");
    for (const [what, secret] of Object.entries({ "the slurmrestd token": slurmToken, "the job's token": jobToken, "the admin token": adminToken })) {
      expect(log.includes(secret), `${what} is in the server log`).toBe(false);
    }
  } finally {
    await context.close();
    await lab.stop();
    slurm.server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
