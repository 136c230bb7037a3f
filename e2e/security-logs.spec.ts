// No secret reaches the server's log. A flow that touches every kind of secret — a password sign-in (and a
// wrong password), an API token created under Settings and used (a read, a refused write), the admin's
// session, a sign-in link made under Settings and used, a job whose own token posts back (and is refused
// outside its experiment) — and then the e2e server's log (e2e/.state/server.log, written by global setup)
// is searched for each secret and for anything shaped like a Harness Lab secret at all. The one-time
// link the server prints on its very first start is the single, deliberate exception (like Jupyter's).
import fs from "node:fs";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";

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
    await expect(user).toHaveURL(/\/experiments$/);
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
    await expect(linked).toHaveURL(/\/experiments$/);
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
