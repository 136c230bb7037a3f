// Connect a trainer, end to end: an admin opens the page from Settings, mints an ingest token in place, the
// snippets show it with this server's address; the follower command from the snippet, run with that token on
// a verl output directory, brings the run in, and its trainable-rate curve and GRPO groups appear.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect } from "./fixtures";
import { PROJECT_ROOT } from "./state";
import { verlWriter } from "../test/fixtures/follow/trainer-writers";

const EXP = "e2e-follow";
const RUN = `${EXP}/verl-seed1`;
const enc = encodeURIComponent;

test("an admin mints a token on Connect a trainer and a follower brings a verl run in with it", async ({ page, server }) => {
  test.setTimeout(120_000);
  await page.goto("/settings");
  await page.getByRole("link", { name: "connect a trainer" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Connect a trainer" })).toBeVisible();

  const follow = page.getByLabel("Followers (no code) snippet", { exact: true });
  await expect(follow).toContainText("<ingest token: mint one above>");
  await page.getByLabel("Token name").fill("e2e verl follower");
  // The token writes into this experiment only (a follower into another one is refused: test/security/connect-token-writes.test.ts).
  await page.getByLabel("Experiment", { exact: true }).fill(EXP);
  await page.getByLabel("Expires in (days)").fill("7");
  await page.getByRole("button", { name: "Mint token" }).click();
  await expect(page.getByRole("status")).toContainText("Token “e2e verl follower” created");
  // Without "waits for reviews" the token only sends; the review-gate snippet says it would be refused.
  await expect(page.getByRole("status")).toContainText("it may send events. It is filled");
  await expect(page.getByRole("region", { name: "Plain Python: the review gate" })).toContainText("This token cannot read: wait_for_decision would be refused.");
  const token = (await page.getByLabel("Token", { exact: true }).textContent())!.trim();
  expect(token.length).toBeGreaterThan(20);

  await expect(page.getByLabel("Server address", { exact: true })).toHaveText(server.baseURL);
  await expect(follow).toContainText(`--server '${server.baseURL}' --token '${token}'`);
  await expect(page.getByLabel("Plain Python snippet", { exact: true })).toContainText(`client = Client("${server.baseURL}", token="${token}")`);
  await expect(page.getByLabel("rllm (no code) snippet", { exact: true })).toContainText(`export RLLM_UI_URL='${server.baseURL}/api/v1/rllm'`);

  // The trainer's output directory, as verl writes it; the follower runs with the minted token.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-e2e-follow-"));
  try {
    const outputs = path.join(dir, "verl-seed1");
    for (const action of verlWriter(outputs, 2, 4)) action();
    const result = spawnSync(
      process.execPath,
      [path.join(PROJECT_ROOT, "bin", "harness-lab.mjs"), "follow", outputs, "--experiment", EXP, "--server", server.baseURL, "--token", token, "--once"],
      { encoding: "utf8", env: { ...process.env, HARNESS_LAB_URL: "", HARNESS_LAB_TOKEN: "" }, timeout: 90_000 },
    );
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/applied: .*rollout 24/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  await page.goto(`/experiments/${enc(EXP)}`);
  const curves = page.getByRole("region", { name: "Training curves" });
  await expect(curves.getByRole("img", { name: /^Line chart of Trainable rate by step/ })).toBeVisible();

  await page.goto(`/runs/${enc(RUN)}/steps/1`);
  await expect(page.getByRole("heading", { level: 1, name: "Step 1" })).toBeVisible();
  await expect(page.getByLabel("Training rates of the step")).toContainText("Trainable rate100.0%12 of 12 rollouts trainable");
  await expect(page.getByText("3 of 3 groups usable for the update")).toBeVisible();
});
