// Reviewing a real proposal of the reference experiment, as issue 5 describes it: the trainer waits for a
// person (`demo --review human`); the reviewer opens the proposal, reads the Monaco diff (its insert and
// delete decorations exist only when Monaco's worker ran), approves from the inbox with the keyboard, and
// finds the decision in the history, the trainer going on, and the candidate as the new incumbent.
import { spawn, type ChildProcess } from "node:child_process";
import { test, expect, keysReady } from "./fixtures";

const EXPERIMENT = "ref-s7-small-harnessadapt-rl";

let trainer: ChildProcess | null = null;
test.afterAll(() => {
  trainer?.kill("SIGTERM");
});

test("a reference proposal: Monaco diff with the worker's decorations, `a` approves, history and incumbent follow", async ({ page, server }) => {
  test.setTimeout(180_000);
  let output = "";
  trainer = spawn(process.execPath, ["bin/harness-lab.mjs", "demo", "--server", server.baseURL, "--size", "small", "--seed", "7", "--review", "human", "--review-timeout", "2"], {
    env: { ...process.env, HARNESS_LAB_TOKEN: server.adminToken },
    stdio: ["ignore", "pipe", "pipe"],
  });
  trainer.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  trainer.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  await expect.poll(() => output, { timeout: 90_000, message: "the trainer never waited for a decision" }).toContain("waiting for a decision on");

  // The pending proposal, opened from the inbox with the keyboard.
  await page.goto(`/proposals?experiment=${EXPERIMENT}&status=pending`);
  const grid = page.getByRole("grid", { name: "Proposals" });
  await expect(grid.getByRole("row").filter({ hasText: "pending" })).toHaveCount(1);
  await keysReady(page);
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/proposals\/[^?]+$/);
  const proposalUrl = page.url();
  const title = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  expect(title).not.toBe("");

  // The harness diff: pick the first changed file; Monaco's worker marks what the candidate inserted.
  const tree = page.getByRole("navigation", { name: "Changed files" });
  await tree.getByRole("button").first().click();
  const diff = page.getByRole("group", { name: /^Diff of / });
  // A modified file's inserted lines sit in the diff's right editor; an added file is one editor, all inserted.
  await expect(diff.locator(".monaco-editor .line-insert").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Comparison" })).toContainText("Acceptance rule:");

  // Approve from the inbox with `a` (a reason is asked for when the rule says reject).
  await page.goto(`/proposals?experiment=${EXPERIMENT}&status=pending`);
  await keysReady(page);
  await page.keyboard.press("j");
  await expect(page.getByRole("row", { selected: true })).toHaveCount(1);
  await page.keyboard.press("a");
  const dialog = page.getByRole("dialog");
  const approved = page.getByRole("status").filter({ hasText: /^Approved / });
  await expect(approved.or(dialog)).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel("Reason").fill("the diff is small and the interval includes no change");
    await dialog.getByRole("button", { name: "Approve" }).click();
  }
  await expect(approved).toContainText(/its candidate is now the incumbent H\d+/);
  await expect.poll(() => output, { timeout: 30_000, message: `the trainer did not take the decision:\n${output}` }).toMatch(/admin decided: accept/);

  // The proposal page: the decision in the history, with the promotion.
  await page.goto(proposalUrl);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const history = page.getByRole("list", { name: "Decision history" });
  await expect(history).toContainText("accept by admin");
  await expect(history).toContainText(/promoted to incumbent H\d+/);
});
