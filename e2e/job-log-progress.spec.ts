// A job's log on its page (issue 18, item 7): the progress lines a job prints as JSON show as readable
// progress ("▸ progress 50 % · step 12 of 24"), other lines as printed, and the raw log stays downloadable
// with the JSON lines as the job wrote them.
import fs from "node:fs";
import { exampleEvents } from "../lib/events/examples";
import { jobPath } from "../lib/http/page-links";
import { test, expect, bearer } from "./fixtures";

const P = `e2e-joblog-${Date.now()}`;
const TEMPLATE = `${P}-progress`;
const JOB_CODE = [
  `console.log("training starts");`,
  `console.log(JSON.stringify({ harness_lab_progress: 0.5, message: "step 12 of 24" }));`,
  `console.log("step 12 loss=0.31");`,
  `console.log(JSON.stringify({ harness_lab_progress: 1, message: "done" }));`,
].join(" ");

test("progress lines read as progress on the job page and stay raw in the downloaded log", async ({ page, request, server }) => {
  test.setTimeout(120_000);
  const posted = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: exampleEvents(P) });
  expect(posted.status(), await posted.text()).toBe(200);
  await page.goto("/settings/job-templates");
  const editor = page.getByRole("form", { name: "New template" });
  await editor.getByLabel("Template id").fill(TEMPLATE);
  const spec = { name: "E2E progress printer", kind: "custom", command: ["{node}", "-e", JOB_CODE.replace(/[{}]/g, (c) => c + c)] };
  await editor.getByLabel("Specification (JSON)").fill(JSON.stringify(spec));
  await editor.getByRole("button", { name: "Save template" }).click();
  await expect(editor.getByRole("status")).toHaveText(`Template “${TEMPLATE}” saved.`);
  const launched = await request.post("/api/v1/jobs", { headers: bearer(server.adminToken), data: { template: TEMPLATE, experiment: `${P}-exp` } });
  expect(launched.status(), await launched.text()).toBe(201);
  const jobId = ((await launched.json()) as { job: { id: string } }).job.id;

  await page.goto(jobPath(jobId));
  await expect(page.getByRole("status").filter({ hasText: "The job has ended; this is its whole log" })).toBeVisible({ timeout: 60_000 });
  const log = page.getByLabel("Job log");
  await expect(log).toContainText("training starts");
  await expect(log).toContainText("▸ progress 50 % · step 12 of 24");
  await expect(log).toContainText("step 12 loss=0.31");
  await expect(log).toContainText("▸ progress 100 % · done");
  await expect(log).not.toContainText("harness_lab_progress");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the raw log" }).click();
  const raw = fs.readFileSync((await (await download).path())!, "utf8");
  expect(raw).toContain('{"harness_lab_progress":0.5,"message":"step 12 of 24"}');
  expect(raw).toContain("step 12 loss=0.31");
});
