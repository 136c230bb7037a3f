// Issue 17: a Harbor job folder with several trials (harbor run -k 2: two trials of hello-world, one of a task whose
// long name Harbor shortens in the trial folder), uploaded through the import form: each trial is its own rollout
// with its own trial's verdict from its result.json, and the viewer shows each with its commands and that verdict.
// The fixture is written the way Harbor writes a job (TrialPaths, TrialResult.model_dump_json, ATIF from terminus-2).
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const JOB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "test", "fixtures", "importers", "harbor-job-trials");

const turn = (page: Page, idx: number) => page.getByRole("article", { name: new RegExp(`^Turn ${idx} · `) });

test("a Harbor job with several trials: each trial opens in the viewer with its own verdict", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/trajectories/import");
  await page.getByLabel("Add a folder").setInputFiles(JOB);
  await page.getByLabel("Experiment").fill("e2e-import-harbor-job");
  await page.getByRole("button", { name: "Upload and import" }).click();

  const report = page.getByRole("region", { name: "Import report" });
  await expect(report.getByRole("status")).toContainText("files imported", { timeout: 60_000 });
  await expect(report.getByRole("status")).not.toContainText("could not be");
  const rowOf = (name: string) => report.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  const hrefOf = async (trial: string) =>
    (await rowOf(`harbor-job-trials/${trial}/agent/trajectory.json`).getByRole("link", { name: /^Open rollout 1 of / }).getAttribute("href"))!;
  for (const trial of ["hello-world__Xk3pQ2w", "hello-world__Rm8vT4q", "configure-git-webserver-with-pos__Hn4kD2s"]) {
    await expect(rowOf(`harbor-job-trials/${trial}/agent/trajectory.json`)).toContainText("atif");
    await expect(rowOf(`harbor-job-trials/${trial}/result.json`)).toContainText("harbor-result");
  }

  const trials = [
    { trial: "hello-world__Xk3pQ2w", verdict: "resolved", command: "printf 'Hello, world!\\n' > hello.txt" },
    { trial: "hello-world__Rm8vT4q", verdict: "unresolved", command: "printf 'Hello world\\n' > hello.txt" },
  ];
  const hrefs = new Map<string, string>();
  for (const { trial } of trials) hrefs.set(trial, await hrefOf(trial));
  expect(hrefs.get(trials[0]!.trial)).not.toBe(hrefs.get(trials[1]!.trial));
  for (const { trial, verdict, command } of trials) {
    const other = trials.find((t) => t.trial !== trial)!.trial;
    await page.goto(`${hrefs.get(trial)}#turn-1`);
    await expect(page.locator("[data-viewer-ready=true]")).toBeVisible();
    const evaluation = page.getByRole("region", { name: "Evaluation" });
    // One verdict (one "reward N" line): this trial's, not the other trial's of the same task.
    await expect(evaluation.getByText(/^reward \d/)).toHaveCount(1);
    await expect(evaluation.getByText(verdict, { exact: true }).first()).toBeVisible();
    await expect(evaluation.getByText(trial, { exact: true }).first()).toBeVisible();
    await expect(evaluation.getByText(other, { exact: true })).toHaveCount(0);
    await expect(turn(page, 1).getByText("Action · command")).toBeVisible();
    await expect(turn(page, 1).getByText(command, { exact: true })).toBeVisible();
  }
});
