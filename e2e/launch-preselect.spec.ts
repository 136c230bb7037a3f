// Issue 18, item 7: the launch form preselects the experiment's incumbent harness version and its latest
// policy checkpoint (marked in their labels) when neither the address nor the template gives a value (a value in
// the address wins: e2e/jobs.spec.ts). Opens the form only: nothing is launched.
import { test, expect } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE_EVOLVED } from "./reference-experiment";

const EXP = REFERENCE_EVOLVED.harnessAdapt;
const form = `/experiments/${encodeURIComponent(EXP)}/launch?template=reference-train-epoch`;

test.beforeAll(async ({ server }) => {
  test.setTimeout(120_000);
  await ensureReferenceExperiment(server, REFERENCE_EVOLVED);
});

test("the launch form starts from the incumbent and the latest checkpoint", async ({ page }) => {
  await page.goto(form);
  const launch = page.getByRole("form", { name: "Launch a job" });
  await expect(launch.getByLabel("Checkpoint")).toHaveValue(`${EXP}-ckpt-step6`);
  await expect(launch.getByRole("option", { name: /— latest$/, selected: true })).toHaveCount(1);
  await expect(launch.getByLabel("Harness version")).not.toHaveValue("");
  await expect(launch.getByRole("option", { name: /— incumbent H\d+$/, selected: true })).toHaveCount(1);
});
