// Issue 40: the Connect page's token and its plain-Python snippets work as pasted. An admin mints, on
// /connect, a token for one experiment with "waits for reviews" ticked; the Plain Python snippet, copied off
// the page and run with python3 against this server, logs a run; the review-gate snippet, run the same way,
// proposes a harness change and waits; the proposal is approved in the browser and the script receives the
// decision. Before, /connect minted ingest-only tokens and wait_for_decision failed with
// `403: token lacks scope "read"`. The package is put on PYTHONPATH, as `pip install ./clients/python` would.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { PROJECT_ROOT } from "./state";

const EXP = `e2e-connect-${Date.now().toString(36)}`;
const enc = encodeURIComponent;
const PYTHON_ENV = { ...process.env, PYTHONPATH: path.join(PROJECT_ROOT, "clients", "python"), HARNESS_LAB_URL: "", HARNESS_LAB_TOKEN: "", HARNESS_LAB_EXPERIMENT: "", HARNESS_LAB_RUN: "" };

let dir = "";
let gate: ChildProcess | null = null;
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-e2e-connect-"));
});
test.afterAll(() => {
  gate?.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The snippet's text exactly as the page shows it. */
async function snippet(page: Page, title: string): Promise<string> {
  const text = await page.getByLabel(`${title} snippet`, { exact: true }).textContent();
  expect(text).toBeTruthy();
  return text!;
}

test("the Connect page's token and snippets, run as pasted, log a run and pass the review gate", async ({ page, server }) => {
  test.setTimeout(180_000);
  await page.goto("/connect");
  await page.getByLabel("Token name").fill(`e2e trainer ${EXP}`);
  await page.getByLabel("Experiment", { exact: true }).fill(EXP);
  await page.getByLabel(/The trainer waits for reviews/).check();
  await page.getByLabel("Expires in (days)").fill("7");
  await page.getByRole("button", { name: "Mint token" }).click();
  await expect(page.getByRole("status")).toContainText(`may send events and read experiment “${EXP}”`);
  const token = (await page.getByLabel("Token", { exact: true }).textContent())!.trim();
  expect(token).toMatch(/^hl_/);

  // The token is shown once: both snippets are read off the page it was minted on, as a user copies them.
  const plain = await snippet(page, "Plain Python");
  const review = await snippet(page, "Plain Python: the review gate");
  expect(plain).toContain(`client = Client("${server.baseURL}", token="${token}")`);
  expect(review).toContain(`with client.run("${EXP}", "evolve-seed1") as run:`);

  // Plain Python: the snippet as shown logs a run of 3 steps, one group of 2 samples a step.
  fs.writeFileSync(path.join(dir, "train.py"), plain);
  const trained = spawnSync("python3", ["train.py"], { cwd: dir, env: PYTHON_ENV, encoding: "utf8", timeout: 90_000 });
  expect(trained.status, `${trained.stdout}\n${trained.stderr}`).toBe(0);
  await page.goto(`/runs/${enc(`${EXP}.grpo-seed1`)}`);
  await expect(page.getByRole("heading", { level: 1, name: "grpo-seed1" })).toBeVisible();
  await expect(page.getByLabel("Training rates of the run")).toContainText("6 of 6 rollouts trainable");
  await expect(page.getByRole("rowheader", { name: /^Step \d$/ })).toHaveCount(3);

  // The review gate: the trainer's two harness directories, then the snippet as shown, which waits.
  for (const [version, line] of [["harness-v1", "# H0"], ["harness-v2", "# H1: run the related tests first"]]) {
    fs.mkdirSync(path.join(dir, version, "tools"), { recursive: true });
    fs.writeFileSync(path.join(dir, version, "tools", "bash.py"), `${line}\n`);
  }
  fs.writeFileSync(path.join(dir, "evolve.py"), review);
  let output = "";
  let exitCode: number | null = null;
  gate = spawn("python3", ["evolve.py"], { cwd: dir, env: PYTHON_ENV, stdio: ["ignore", "pipe", "pipe"] });
  gate.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  gate.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  gate.on("exit", (code) => (exitCode = code));
  await expect.poll(() => output, { timeout: 60_000, message: "the trainer never waited for a review" }).toContain("waiting for a review of");

  await page.goto(`/proposals?experiment=${enc(EXP)}`);
  await page.getByRole("link", { name: "Run the related tests before submitting" }).click();
  const form = page.getByRole("form", { name: "Decide" });
  // No comparison was sent, so the rule cannot judge and an approval needs a reason.
  await form.getByLabel("Reason").fill("the related tests catch the regressions");
  await form.getByRole("button", { name: "Approve" }).click();
  await expect(form.getByRole("status")).toContainText("Approved “Run the related tests before submitting”");
  await expect.poll(() => output, { timeout: 30_000, message: `the trainer did not receive the decision:\n${output}` }).toContain("decided: accepted by admin");
  await expect.poll(() => exitCode, { timeout: 60_000, message: `the trainer did not finish:\n${output}` }).toBe(0);
  expect(output).not.toContain("403");
});
