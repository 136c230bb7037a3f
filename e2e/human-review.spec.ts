// `harness-lab demo --review human`: the trainer stops at its first proposal, says what it waits for, and
// goes on with the decision a reviewer makes in the dashboard instead of the acceptance rule's.
import { spawn, type ChildProcess } from "node:child_process";
import { test, expect } from "./fixtures";

let trainer: ChildProcess | null = null;
test.afterAll(() => {
  trainer?.kill("SIGTERM");
});

test("a trainer waiting for a person continues with the person's decision", async ({ page, server }) => {
  test.setTimeout(120_000);
  let output = "";
  trainer = spawn(process.execPath, ["bin/harness-lab.mjs", "demo", "--server", server.baseURL, "--size", "small", "--seed", "5", "--review", "human", "--review-timeout", "2"], {
    env: { ...process.env, HARNESS_LAB_TOKEN: server.adminToken },
    stdio: ["ignore", "pipe", "pipe"],
  });
  trainer.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  trainer.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  await expect.poll(() => output, { timeout: 60_000, message: "the trainer never waited for a decision" }).toContain("waiting for a decision on");

  await page.goto("/proposals?experiment=ref-s5-small-harnessadapt-rl");
  const approve = page.getByRole("button", { name: /^Approve / }).first();
  await expect(approve).toBeVisible();
  await approve.click();
  // When the acceptance rule would reject this candidate, approving it asks for a reason first.
  const dialog = page.getByRole("dialog");
  const approved = page.getByRole("status").filter({ hasText: /^Approved / });
  await expect(approved.or(dialog)).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel("Reason").fill("worth a try despite the rule");
    await dialog.getByRole("button", { name: "Approve" }).click();
  }
  await expect(approved).toBeVisible();
  await expect(page.getByRole("grid", { name: "Proposals" }).getByText("accepted").first()).toBeVisible();
  await expect.poll(() => output, { timeout: 30_000, message: `the trainer did not take the decision:\n${output}` }).toMatch(/admin decided: accept/);
});
