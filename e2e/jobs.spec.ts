// Jobs from the dashboard against the production build: an admin launches the reference train-epoch job from
// the reference experiment's page, follows its log and progress to success and finds the new run's curves; a
// bad parameter is reported by its field; a slow job (a template the admin creates under Settings) is
// cancelled; a viewer sees no launch or cancel controls and a forged cancel is refused.
import type { Page } from "@playwright/test";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";
import { createUserLink, signInWith } from "./accounts";
import { ensureReferenceExperiment, REFERENCE_EVOLVED, REFERENCE_JOBS } from "./reference-experiment";

const EXP = REFERENCE_JOBS.harnessAdapt;
const SLEEPER = "e2e-jobs-sleeper";

test.beforeAll(async ({ server }) => {
  test.setTimeout(120_000);
  await ensureReferenceExperiment(server, REFERENCE_JOBS);
});

async function openLaunchForm(page: Page, templateName: string): Promise<void> {
  await page.goto(`/experiments/${encodeURIComponent(EXP)}`);
  const launch = page.getByRole("region", { name: "Launch", exact: true });
  await launch.getByRole("link", { name: templateName }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Launch: ${templateName}` })).toBeVisible();
}

test("an admin launches a training epoch from the experiment page and watches it to its run's curves", async ({ page }) => {
  test.setTimeout(180_000);
  await openLaunchForm(page, "Reference: train one epoch");
  const form = page.getByRole("form", { name: "Launch a job" });
  await form.getByLabel("Harness version").selectOption({ index: 1 });
  // The latest checkpoint is preselected (the small size's step 6, the end of epoch 2), so training continues with epoch 3;
  // choosing the untrained one (epoch 0) makes it epoch 1.
  await expect(form.getByLabel("Epoch")).toHaveValue("3");
  await form.getByLabel("Checkpoint").selectOption({ label: "step 0 (untrained) (policy, epoch 0, step 0)" });
  await expect(form.getByLabel("Epoch")).toHaveValue("1");
  await form.getByRole("button", { name: "Launch" }).click();

  await expect(page).toHaveURL(/\/jobs\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reference: train one epoch" })).toBeVisible();
  const bar = page.getByRole("progressbar", { name: "Job progress" });
  const log = page.getByLabel("Job log");
  // The log grows and the bar moves while the job runs; both are read from the server as it goes.
  await expect(log).toContainText(/▸ progress \d+ % · step \d+ of \d+/, { timeout: 90_000 });
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 90_000 }).toBeGreaterThan(0);
  const state = page.getByRole("region", { name: "State", exact: true });
  await expect(state.getByText("succeeded", { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(bar).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByRole("status").filter({ hasText: "The job has ended; this is its whole log" })).toBeVisible();
  await expect(state.getByText("0", { exact: true })).toBeVisible(); // exit code
  const harness = await page.getByRole("table", { name: "Parameters" }).getByRole("row", { name: /harness_version/ }).getByRole("cell").textContent();

  // "Launch again" opens the form with this job's parameters.
  await page.getByRole("link", { name: "Launch again with these parameters" }).click();
  await expect(page.getByRole("form", { name: "Launch a job" }).getByLabel("Harness version")).toHaveValue(harness!.trim());
  await page.goBack();

  const runs = page.getByRole("list", { name: "Runs this job produced" });
  await runs.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/runs\/job-/);
  const curves = page.getByRole("region", { name: "Training curves" });
  await expect(curves.getByRole("img", { name: /^Line chart of Trainable rate by step/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Produced by the job")).toBeVisible();

  // The jobs page lists it, with its run, and filters by status through the URL.
  await page.goto("/jobs?status=succeeded");
  await expect(page.getByLabel("Status")).toHaveValue("succeeded");
  await expect(page.getByRole("link", { name: "Reference: train one epoch" }).first()).toBeVisible();
  await page.goto("/jobs?status=sleeping");
  await expect(page.getByRole("note")).toContainText("status: must be one of");
});

test("a bad parameter is reported by its field and nothing is launched", async ({ page, request, server }) => {
  const before = ((await (await request.get("/api/v1/jobs", { headers: bearer(server.adminToken) })).json()) as { jobs: unknown[] }).jobs.length;
  await openLaunchForm(page, "Reference: train one epoch");
  const form = page.getByRole("form", { name: "Launch a job" });
  await form.getByLabel("Harness version").selectOption({ index: 1 });
  await form.getByLabel("Epoch").fill("0");
  await form.getByRole("button", { name: "Launch" }).click();
  await expect(form.getByText("Epoch must be between 1 and 1000")).toBeVisible();
  await expect(form.getByLabel("Epoch")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/launch\?/);
  const after = ((await (await request.get("/api/v1/jobs", { headers: bearer(server.adminToken) })).json()) as { jobs: unknown[] }).jobs.length;
  expect(after).toBe(before);
});

test("a slow job is cancelled from its page; a viewer gets no controls and a forged cancel is refused", async ({ page, browser, server }) => {
  test.setTimeout(120_000);
  // The admin creates a slow template for the experiment under Settings.
  await page.goto("/settings/job-templates");
  const editor = page.getByRole("form", { name: "New template" });
  await editor.getByLabel("Template id").fill(SLEEPER);
  await editor.getByLabel("Experiment id (empty: every experiment)").fill(EXP);
  // Braces are doubled: single ones are placeholders.
  // It opens its run through the dashboard with its own token, then sleeps until cancelled.
  const script = [
    'fetch(process.env.HARNESS_LAB_URL + "/api/v1/events", { method: "POST",',
    ' headers: { authorization: "Bearer " + process.env.HARNESS_LAB_TOKEN, "content-type": "application/json" },',
    ' body: JSON.stringify([{ type: "run", id: process.env.HARNESS_LAB_RUN, experiment: process.env.HARNESS_LAB_EXPERIMENT, kind: "train", status: "running", name: "the sleeper\'s run" }]) })',
    ' .then((r) => console.log("sleeping, run opened: " + r.status)); setInterval(() => {}, 1000)',
  ].join("").replace(/[{}]/g, (c) => c + c);
  const spec = { name: "E2E sleeper", kind: "custom", command: ["{node}", "-e", script] };
  // A spec the schema refuses names the field, and the form keeps what was typed.
  await editor.getByLabel("Specification (JSON)").fill(JSON.stringify({ ...spec, command: ["{nope}"] }));
  await editor.getByRole("button", { name: "Save template" }).click();
  await expect(editor.getByRole("alert")).toContainText("command.0:");
  await expect(editor.getByLabel("Template id")).toHaveValue(SLEEPER);
  await editor.getByLabel("Specification (JSON)").fill(JSON.stringify(spec));
  await editor.getByRole("button", { name: "Save template" }).click();
  await expect(editor.getByRole("status")).toHaveText(`Template “${SLEEPER}” saved.`);

  await openLaunchForm(page, "E2E sleeper");
  await page.getByRole("form", { name: "Launch a job" }).getByRole("button", { name: "Launch" }).click();
  await expect(page).toHaveURL(/\/jobs\/[^/]+$/);
  const jobUrl = new URL(page.url()).pathname;
  const jobId = decodeURIComponent(jobUrl.split("/").pop()!);
  const state = page.getByRole("region", { name: "State", exact: true });
  await expect(state.getByText("running", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Job log")).toContainText("sleeping, run opened: 200");

  // A viewer: no launch section, no form, no cancel, no relaunch.
  const viewerContext = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const viewer = await signInWith(viewerContext, await createUserLink(page, "jobs-viewer", "viewer"));
    await viewer.goto(`/experiments/${encodeURIComponent(EXP)}`);
    await expect(viewer.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(viewer.getByRole("region", { name: "Launch", exact: true })).toHaveCount(0);
    await viewer.goto(`/experiments/${encodeURIComponent(EXP)}/launch?template=${SLEEPER}`);
    await expect(viewer.getByRole("note")).toContainText("needs the role reviewer");
    await expect(viewer.getByRole("button", { name: "Launch" })).toHaveCount(0);
    await viewer.goto(jobUrl);
    await expect(viewer.getByRole("region", { name: "State", exact: true }).getByText("running", { exact: true })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Cancel job" })).toHaveCount(0);
    await expect(viewer.getByRole("link", { name: "Launch again with these parameters" })).toHaveCount(0);

    // Forged: the admin's cancel form (its progressive-enhancement fields) posted with the viewer's session …
    await page.goto(jobUrl);
    const fields = await page.getByRole("button", { name: "Cancel job" }).evaluate((button) => {
      const form = button.closest("form")!;
      return Object.fromEntries([...form.querySelectorAll("input")].filter((i) => i.name).map((i) => [i.name, i.value]));
    });
    expect(fields.jobId).toBe(jobId);
    expect(Object.keys(fields).some((name) => name.startsWith("$ACTION"))).toBe(true);
    const forged = await viewer.request.post(jobUrl, { multipart: fields, headers: { origin: server.baseURL } });
    expect(forged.status()).toBeLessThan(500);
    // The same post with the admin's session does cancel (another job): the forgery reached the action and was refused.
    const other = await page.request.post("/api/v1/jobs", { headers: bearer(server.adminToken), data: { template: SLEEPER, experiment: EXP } });
    expect(other.status()).toBe(201);
    const otherId = ((await other.json()) as { job: { id: string } }).job.id;
    const control = await page.request.post(jobUrl, { multipart: { ...fields, jobId: otherId }, headers: { origin: server.baseURL } });
    expect(control.status()).toBeLessThan(500);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/v1/jobs/${encodeURIComponent(otherId)}`)).json()) as { job: { status: string } }).job.status, { timeout: 20_000 })
      .toBe("cancelled");
    // … and the API's cancel with the viewer's session: both refused, the job still runs.
    const api = await viewer.request.post(`/api/v1/jobs/${encodeURIComponent(jobId)}/cancel`, { headers: { origin: server.baseURL } });
    expect(api.status()).toBe(403);
    const still = await (await page.request.get(`/api/v1/jobs/${encodeURIComponent(jobId)}`, { headers: bearer(server.adminToken) })).json();
    expect(still.job.status).toBe("running");
  } finally {
    await viewerContext.close();
  }

  // The admin cancels it.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Cancel job" }).click();
  await expect(state.getByText("cancelled", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(state.getByText(/cancelled by /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel job" })).toHaveCount(0);

  // The run it opened ended with it: it is not "running" for good.
  await page.goto(`/runs/${encodeURIComponent(`job-${jobId}`)}`);
  await expect(page.getByRole("heading", { level: 1, name: "the sleeper's run" })).toBeVisible();
  await expect(page.getByText("running", { exact: true })).toHaveCount(0);
  await expect(page.getByText("cancelled", { exact: true }).first()).toBeVisible();
});

test("after an approval the proposal page offers the next epoch with the promoted candidate, prefilled", async ({ page, request, server }) => {
  test.setTimeout(120_000);
  await ensureReferenceExperiment(server, REFERENCE_EVOLVED);
  const res = await request.get(`/api/v1/proposals?experiment=${encodeURIComponent(REFERENCE_EVOLVED.harnessAdapt)}`, { headers: bearer(server.adminToken) });
  const { proposals } = (await res.json()) as { proposals: { id: string; status: string; candidateHarnessVersionId: string }[] };
  const accepted = proposals.find((p) => p.status === "accepted")!;
  expect(accepted).toBeDefined();
  await page.goto(`/proposals/${encodeURIComponent(accepted.id)}`);
  await page.getByRole("link", { name: /^Train the next epoch with H\d/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Launch: Reference: train one epoch" })).toBeVisible();
  const form = page.getByRole("form", { name: "Launch a job" });
  await expect(form.getByLabel("Harness version")).toHaveValue(accepted.candidateHarnessVersionId);
  await expect(form.getByLabel("Epoch")).toHaveValue(/^\d+$/);
});
