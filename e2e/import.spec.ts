// The upload form and POST /api/v1/imports against the production build: who may import, fields named in
// refusals, a file nobody can read getting its report line, and real mini-swe-agent trajectories with
// their SWE-bench reports coming out as rollouts (this last one needs the format readers in ALL_READERS).
import path from "node:path";
import { realTrajectoriesDir } from "../test/shared-data";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";
import { createUserLink, signInWith } from "./accounts";

const UNKNOWN = "not a recognised trajectory, log or report format";
const file = (name: string, text: string) => ({ name, mimeType: "application/octet-stream", buffer: Buffer.from(text) });

test("strangers get 401, a missing experiment is named, and a viewer may neither import nor open the page", async ({ anonymousRequest, request, page, browser, server }) => {
  const anonymous = await anonymousRequest.post("/api/v1/imports", { multipart: { experiment: "e2e-import-anon", files: file("a.json", "{}") } });
  expect(anonymous.status()).toBe(401);

  const noExperiment = await request.post("/api/v1/imports", { headers: bearer(server.adminToken), multipart: { files: file("a.json", "{}") } });
  expect(noExperiment.status()).toBe(400);
  expect(await noExperiment.json()).toMatchObject({ field: "experiment" });

  const link = await createUserLink(page, "e2e-import-viewer", "viewer");

  const context = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const viewer = await signInWith(context, link);
    const refused = await context.request.post("/api/v1/imports", { multipart: { experiment: "e2e-import-viewer", files: file("a.json", "{}") } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatch(/role viewer/);
    await viewer.goto("/trajectories/import");
    await expect(viewer).toHaveURL(/\/forbidden\?need=reviewer$/);
  } finally {
    await context.close();
  }
});

test("the form uploads files; the report names one nobody can read and lists a README as skipped", async ({ page }) => {
  await page.goto("/trajectories/import");
  await expect(page.getByRole("heading", { level: 1, name: "Import trajectories" })).toBeVisible();
  await page.getByLabel("Add files").setInputFiles([file("notes.json", "{}"), file("README.md", "# not a trajectory")]);
  await expect(page.getByText("2 files chosen")).toBeVisible();
  await page.getByLabel("Experiment").fill("e2e-import-unknown");
  await page.getByRole("button", { name: "Upload and import" }).click();

  const report = page.getByRole("region", { name: "Import report" });
  await expect(report.getByRole("status")).toContainText("0 of 2 files imported, 1 could not be, 1 skipped (not data)");
  const row = report.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "notes.json" }) });
  await expect(row).toContainText(`file: ${UNKNOWN}`);
  const readme = report.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "README.md" }) });
  await expect(readme).toContainText("skipped: documentation, not data");
});

test("real mini-swe-agent trajectories and their SWE-bench reports import as rollouts, and again as nothing new", async ({ page }) => {
  const trajs = path.join(realTrajectoriesDir, "mini-swe-agent-v1", "trajs");
  const logs = path.join(realTrajectoriesDir, "swebench-eval", "logs");
  await page.goto("/trajectories/import");
  const folder = page.getByLabel("Add a folder");
  await folder.setInputFiles(trajs);
  await folder.setInputFiles(logs);
  await expect(page.getByText("11 files chosen")).toBeVisible();
  await page.getByLabel("Experiment").fill("e2e-import-real");
  await page.getByLabel("Run").fill("gemini-3-pro");
  await page.getByRole("button", { name: "Upload and import" }).click();

  const report = page.getByRole("region", { name: "Import report" });
  await expect(report.getByRole("status")).toContainText("11 of 11 files imported", { timeout: 30_000 });
  await expect(report.getByRole("status")).toContainText("5 rollouts, 5 verdicts");
  const rowOf = (name: string) => report.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

  const trajectory = rowOf("trajs/django__django-11099/django__django-11099.traj.json");
  await expect(trajectory.getByRole("cell").nth(0)).toHaveText(/mini-swe-agent/i);
  await expect(trajectory.getByRole("cell").nth(1)).toContainText("1");
  await expect(trajectory.getByRole("link", { name: /^Open rollout 1 of / })).toHaveAttribute("href", /^\/rollouts\/rollout-/);
  const verdicts = rowOf("logs/django__django-11099/report.json");
  await expect(verdicts.getByRole("cell").nth(0)).toHaveText(/swe-?bench/i);
  await expect(verdicts.getByRole("cell").nth(2)).toHaveText("1");
  await expect(report.getByRole("link", { name: "Browse the experiment’s trajectories" })).toHaveAttribute("href", "/trajectories?experiment=e2e-import-real");

  await page.getByRole("button", { name: "Upload and import" }).click();
  await expect(report.getByRole("status")).toContainText("Nothing new", { timeout: 30_000 });
});
