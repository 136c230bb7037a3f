// A reference job on a real Ray cluster, launched from the launch form: this spec starts a Ray head of its
// own (test/support/ray-head.ts — Ray from the cached venv, its dashboard on loopback) and a production server
// of its own whose jobs go to it (HARNESS_LAB_JOB_EXECUTOR=ray, HARNESS_LAB_RAY_ADDRESS): the preinstalled
// "Reference: train one epoch" template, which names no executor, runs on Ray; its log streams into the job's
// page, the job succeeds and its run lands with its curves.
import crypto from "node:crypto";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startProductionServer, type RunningServer } from "../programs/bench/server-process";
import { startRayHead, type RayHead } from "../test/support/ray-head";
import { test, expect, SIGNED_OUT, LANDING_URL } from "./fixtures";
import { PROJECT_ROOT } from "./state";

const EXP = "ref-s13-small-harnessadapt-rl";
let head: RayHead | undefined;
let lab: RunningServer | undefined;
let tmp = "";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-e2e-ray-"));
  head = await startRayHead({ cpus: 2 });
  const adminToken = `hl_${crypto.randomBytes(24).toString("base64url")}`;
  lab = await startProductionServer(PROJECT_ROOT, {
    HARNESS_LAB_HOME: PROJECT_ROOT,
    HARNESS_LAB_DB: path.join(tmp, "lab.db"),
    HARNESS_LAB_JOBS_DIR: path.join(tmp, "jobs"),
    HARNESS_LAB_ADMIN_TOKEN: adminToken,
    HARNESS_LAB_NO_DEMO: "1",
    HARNESS_LAB_JOB_EXECUTOR: "ray",
    HARNESS_LAB_RAY_ADDRESS: head.address,
  });
  // The reference experiment the job continues (sent by an admin token: its harness versions need no review).
  await promisify(execFile)(process.execPath, ["bin/harness-lab.mjs", "demo", "--server", lab.url, "--size", "small", "--seed", "13", "--review", "rule"], {
    cwd: PROJECT_ROOT, env: { ...process.env, HARNESS_LAB_TOKEN: adminToken }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024,
  });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await lab?.stop();
  await head?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("a reference job launched on Ray from the launch form streams its log and lands its run", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: lab!.url, storageState: SIGNED_OUT });
  try {
    const page = await context.newPage();
    const link = /(http:\/\/\S+\/sign-in\/link\?token=\S+)/.exec(lab!.log())?.[1];
    expect(link, "the first-start sign-in link").toBeDefined();
    await page.goto(link!);
    await expect(page).toHaveURL(LANDING_URL);

    await page.goto(`/experiments/${encodeURIComponent(EXP)}`);
    await page.getByRole("region", { name: "Launch", exact: true }).getByRole("link", { name: "Reference: train one epoch" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Launch: Reference: train one epoch" })).toBeVisible();
    const form = page.getByRole("form", { name: "Launch a job" });
    await form.getByLabel("Harness version").selectOption({ index: 1 });
    await form.getByRole("button", { name: "Launch" }).click();

    await expect(page).toHaveURL(/\/jobs\/[^/]+$/);
    const jobId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    // On Ray, under the submission id fixed by the job's id.
    await expect(page.getByText(`harness-lab-${jobId}`, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("(Ray submission)", { exact: true })).toBeVisible();
    const log = page.getByLabel("Job log");
    await expect(log).toContainText(`Running entrypoint for job harness-lab-${jobId}`, { timeout: 90_000 });
    await expect(log).toContainText(/▸ progress \d+ % · step \d+ of \d+/, { timeout: 90_000 });
    const state = page.getByRole("region", { name: "State", exact: true });
    await expect(state.getByText("succeeded", { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole("progressbar", { name: "Job progress" })).toHaveAttribute("aria-valuenow", "100");

    const onRay = (await (await fetch(`${head!.address}/api/jobs/harness-lab-${jobId}`)).json()) as { status: string };
    expect(onRay.status).toBe("SUCCEEDED");

    await page.getByRole("list", { name: "Runs this job produced" }).getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/runs/job-${jobId}$`));
    await expect(page.getByRole("region", { name: "Training curves" }).getByRole("img", { name: /^Line chart of Trainable rate by step/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Produced by the job")).toBeVisible();
  } finally {
    await context.close();
  }
});
