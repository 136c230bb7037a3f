// Issue 15: a stand-alone Python trainer (e2e/python/grpo_trainer.py, standard library + the harness_lab
// client of clients/python) logs a GRPO run with groups, metrics and a proposal it leaves to review; a
// reviewer approves it in the browser; the trainer goes on, evaluates H0 and H1, and the run's
// trainable-rate curve, its groups and the H0/H1 evaluation matrix appear.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { test, expect } from "./fixtures";

const EXP = `e2e-py-${Date.now().toString(36)}`;
const RUN = `${EXP}.grpo`;
const enc = encodeURIComponent;

let trainer: ChildProcess | null = null;
test.afterAll(() => {
  trainer?.kill("SIGTERM");
});

test("a Python trainer waits for a reviewer's approval, goes on, and its curves, groups and matrix appear", async ({ page, server }) => {
  test.setTimeout(180_000);
  let output = "";
  let exitCode: number | null = null;
  trainer = spawn("python3", [path.join("e2e", "python", "grpo_trainer.py"), EXP], {
    env: { ...process.env, HARNESS_LAB_URL: server.baseURL, HARNESS_LAB_TOKEN: server.adminToken, PYTHONPATH: path.resolve("clients", "python") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  trainer.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  trainer.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  trainer.on("exit", (code) => (exitCode = code));
  await expect.poll(() => output, { timeout: 90_000, message: "the trainer never waited for a decision" }).toContain("waiting for a decision on");

  await page.goto(`/proposals?experiment=${enc(EXP)}`);
  const approve = page.getByRole("button", { name: /^Approve / }).first();
  await expect(approve).toBeVisible();
  await approve.click();
  const dialog = page.getByRole("dialog");
  const approved = page.getByRole("status").filter({ hasText: /^Approved / });
  await expect(approved.or(dialog)).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel("Reason").fill("the hook is worth it");
    await dialog.getByRole("button", { name: "Approve" }).click();
  }
  await expect(approved).toBeVisible();
  await expect.poll(() => output, { timeout: 60_000, message: `the trainer did not take the decision:\n${output}` }).toContain("decided: accepted by admin");
  await expect.poll(() => exitCode, { timeout: 90_000, message: `the trainer did not finish:\n${output}` }).toBe(0);
  expect(output).toContain("done");

  // The run: its trainable-rate curve from the 128 stored rollouts (8 steps × 4 tasks × 4 samples).
  await page.goto(`/runs/${enc(RUN)}`);
  const curves = page.getByRole("region", { name: "Training curves" });
  await expect(curves.getByRole("img", { name: /^Line chart of Trainable rate by step/ })).toBeVisible();
  await expect(curves.getByText("computed from 128 stored rollouts").first()).toBeVisible();

  // Its groups: step 5 (after the approval, with H1) has 4 groups, tasks 1 and 2 mixed.
  const stepRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Step 5" }) });
  await stepRow.getByRole("link", { name: "Step 5" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Step 5" })).toBeVisible();
  await expect(page.getByText("2 of 4 groups usable for the update")).toBeVisible();

  // The H0/H1 matrix on the checkpoint the trainer evaluated.
  await page.goto(`/experiments/${enc(EXP)}/compare`);
  const matrix = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: /^Average/ }) });
  await expect(matrix.getByRole("columnheader", { name: "py-bench" })).toBeVisible();
  await expect(matrix.getByRole("rowheader", { name: /^H0/ })).toBeVisible();
  await expect(matrix.getByRole("rowheader", { name: /^H1/ })).toBeVisible();
});
