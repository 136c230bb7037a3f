// The task page: every rollout of one task across runs, harness versions and checkpoints, the successes per
// version and checkpoint, and a pick of two rollouts for the side-by-side comparison. The task id looks like an
// importer's (benchmark prefix, "/", spaces) and holds a "%", which only survives if the page decodes it once.
import { test, expect, bearer } from "./fixtures";

const P = "e2e-task";
const EXP = `${P}:exp`;
const TASK = `${P}:astropy/astropy 12907 (100%)`;
const enc = encodeURIComponent;

const R = {
  trainWin: `${P}:train/r 0`,
  trainLoss: `${P}:train/r 1`,
  evalWin: `${P}:eval/r 0`,
  evalUnknown: `${P}:eval/r 1`,
};

function events() {
  const base = { experiment: EXP, task: TASK, turns: [{ role: "assistant", content: "hello" }] };
  return [
    { type: "experiment", id: EXP, name: "E2E task page", method: "harnessadapt-rl" },
    { type: "run", id: `${P}:train`, experiment: EXP, kind: "train", status: "finished", name: "training epoch 1" },
    { type: "run", id: `${P}:eval`, experiment: EXP, kind: "eval", status: "finished", name: "evaluation of checkpoint 45" },
    { type: "harness_version", id: `${P}:H0`, experiment: EXP, label: "H0", files: [] },
    { type: "harness_version", id: `${P}:H2`, experiment: EXP, label: "H2", parent: `${P}:H0`, files: [] },
    { type: "checkpoint", id: `${P}:ck0`, experiment: EXP, role: "policy", name: "checkpoint 0", step: 0 },
    { type: "checkpoint", id: `${P}:ck45`, experiment: EXP, role: "policy", name: "checkpoint 45", step: 45 },
    { type: "task", id: TASK, key: "astropy__astropy-12907", benchmark: "swe-bench-verified", title: "Separability of nested compound models" },
    { ...base, type: "rollout", id: R.trainWin, run: `${P}:train`, harness_version: `${P}:H0`, checkpoint: `${P}:ck0`, purpose: "train",
      epoch: 1, step: 0, group: "g0", sample_index: 0, success: true, reward: 1, exit_status: "submitted" },
    { ...base, type: "rollout", id: R.trainLoss, run: `${P}:train`, harness_version: `${P}:H0`, checkpoint: `${P}:ck0`, purpose: "train",
      epoch: 1, step: 0, group: "g0", sample_index: 1, success: false, reward: 0, exit_status: "max_turns", truncated: true, truncation_kind: "turns" },
    { ...base, type: "rollout", id: R.evalWin, run: `${P}:eval`, harness_version: `${P}:H2`, checkpoint: `${P}:ck45`, purpose: "eval",
      success: true, reward: 1, exit_status: "submitted" },
    { ...base, type: "rollout", id: R.evalUnknown, run: `${P}:eval`, harness_version: `${P}:H2`, checkpoint: `${P}:ck45`, purpose: "eval",
      success: false, reward: null, exit_status: "error" },
  ];
}

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

test("lists every rollout of the task across runs and harness versions, and compares two of them", async ({ page }) => {
  await page.goto(`/tasks/${enc(TASK)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Separability of nested compound models" })).toBeVisible();
  await expect(page.getByText("swe-bench-verified", { exact: true })).toBeVisible();
  await expect(page.getByText(TASK, { exact: true })).toBeVisible();

  const rows = page.getByRole("region", { name: "Rollouts" });
  const row = (id: string) => rows.getByRole("row").filter({ has: page.getByRole("rowheader", { name: id }) });
  const expected: Array<[string, string, string, string]> = [
    // id, outcome, run, harness
    [R.trainWin, "success", "training epoch 1", "H0"],
    [R.trainLoss, "failure", "training epoch 1", "H0"],
    [R.evalWin, "success", "evaluation of checkpoint 45", "H2"],
    [R.evalUnknown, "unknown", "evaluation of checkpoint 45", "H2"],
  ];
  for (const [id, outcome, run, harness] of expected) {
    const cells = row(id).getByRole("cell");
    await expect(cells.nth(1), id).toHaveText(outcome);
    await expect(cells.nth(6), id).toContainText(run);
    await expect(cells.nth(7), id).toHaveText(harness);
    await expect(row(id).getByRole("link", { name: id, exact: true })).toHaveAttribute("href", `/rollouts/${enc(id)}`);
  }
  await expect(row(R.trainLoss).getByRole("cell").nth(4)).toHaveText("yes");
  await expect(row(R.evalUnknown).getByRole("cell").nth(2)).toHaveText("—");

  // Successes / rollouts per harness version and per checkpoint.
  const byHarness = page.getByRole("region", { name: "By harness version" });
  for (const label of ["H0", "H2"]) {
    await expect(byHarness.getByRole("row").filter({ has: page.getByRole("rowheader", { name: label, exact: true }) }).getByRole("cell").nth(1)).toHaveText("50.0%1 of 2");
  }
  const byCheckpoint = page.getByRole("region", { name: "By checkpoint" });
  await expect(byCheckpoint.getByRole("rowheader")).toHaveText(["checkpoint 0", "checkpoint 45"]);

  // Pick two rollouts from different runs and harness versions: the compare link names both.
  const compare = page.getByRole("link", { name: "Compare the 2 selected rollouts" });
  await expect(compare).toHaveCount(0);
  await page.getByRole("checkbox", { name: `Select ${R.trainLoss} for comparison` }).check();
  await page.getByRole("checkbox", { name: `Select ${R.evalWin} for comparison` }).check();
  await expect(compare).toHaveAttribute("href", `/rollouts/compare?left=${enc(R.trainLoss)}&right=${enc(R.evalWin)}`);
  // A third tick lets go of the first one picked.
  await page.getByRole("checkbox", { name: `Select ${R.evalUnknown} for comparison` }).check();
  await expect(page.getByRole("checkbox", { name: `Select ${R.trainLoss} for comparison` })).not.toBeChecked();
  await expect(compare).toHaveAttribute("href", `/rollouts/compare?left=${enc(R.evalWin)}&right=${enc(R.evalUnknown)}`);
  await compare.click();
  await expect(page).toHaveURL(/\/rollouts\/compare\?left=/);
  const url = new URL(page.url());
  expect([url.searchParams.get("left"), url.searchParams.get("right")]).toEqual([R.evalWin, R.evalUnknown]);
});

test("offers the newest success against the newest failure, and the run links lead to the run pages", async ({ page }) => {
  await page.goto(`/tasks/${enc(TASK)}`);
  const quick = page.getByRole("link", { name: "Compare the newest success with the newest failure" });
  const href = new URL((await quick.getAttribute("href"))!, "http://x");
  expect(href.pathname).toBe("/rollouts/compare");
  // The only failure with a known reward is the truncated training rollout; an unknown outcome is not a failure.
  expect(href.searchParams.get("right")).toBe(R.trainLoss);
  expect([R.trainWin, R.evalWin]).toContain(href.searchParams.get("left"));

  await page.getByRole("link", { name: "evaluation of checkpoint 45" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "evaluation of checkpoint 45" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse this run's trajectories" })).toHaveAttribute("href", `/trajectories?run=${enc(`${P}:eval`)}`);
  const purposes = page.getByRole("region", { name: "Rollouts by purpose" });
  await expect(purposes.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "eval", exact: true }) }).getByRole("cell")).toHaveText("2");
});

test("an unknown task answers 404, and a doubly decoded id would not be found", async ({ page }) => {
  for (const path of [`/tasks/${enc(`${P}:nope`)}`, `/tasks/${enc(TASK).replace("%25", "%2525")}`]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
});
