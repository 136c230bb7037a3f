// Model output is untrusted: a trajectory full of markup, script, javascript: links and ANSI escapes,
// imported through the form like any other, shows all of it as text and runs none of it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test, expect } from "./fixtures";

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../test/fixtures/hostile/hostile__xss-1.traj.json");

test("a hostile trajectory imports and renders as text; nothing in it executes", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto("/trajectories/import");
  await page.getByLabel("Add files").setInputFiles(fixture);
  await page.getByLabel("Experiment").fill("e2e-hostile");
  await page.getByRole("button", { name: "Upload and import" }).click();
  const report = page.getByRole("region", { name: "Import report" });
  await expect(report.getByRole("status")).toContainText("1 of 1 file imported");
  await report.getByRole("link", { name: /^Open rollout 1 of / }).click();
  await expect(page).toHaveURL(/\/rollouts\/rollout-/);

  // The assistant's reasoning and the observation hold the markup; both must read as the characters typed.
  await expect(page.getByText('<script>window.__pwned=1</script>', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('<img src=x onerror="window.__pwned=1">', { exact: false }).first()).toBeVisible();
  await expect(page.getByText("[click me](javascript:window.__pwned=1)", { exact: false }).first()).toBeVisible();
  await expect(page.getByText("red alert", { exact: false }).first()).toBeVisible();

  // No element was created from the markup, no link points at javascript:, and no script ran.
  expect(await page.locator("main img[src='x']").count()).toBe(0);
  expect(await page.locator("a[href^='javascript:' i]").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
