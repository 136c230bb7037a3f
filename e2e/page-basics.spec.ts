// What every page owes a researcher, from the outside review: an icon (no 404 on every page), a skip link as the
// keyboard's first stop, and an audit log that shows recorded times as dates rather than epoch milliseconds.
import { test, expect } from "./fixtures";

test("a page loads without a 404 and has an icon that answers", async ({ page, request }) => {
  const missing: string[] = [];
  page.on("response", (response) => { if (response.status() === 404) missing.push(response.url()); });
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  await page.waitForLoadState("load");
  expect(missing).toEqual([]);
  // The head names the icon (so the browser never asks for a /favicon.ico that does not exist) …
  const href = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.getAttribute("href") ?? null);
  expect(href).not.toBeNull();
  // … and it is served.
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/");
});

test("the first Tab reaches a skip link that moves focus past the navigation to the page", async ({ page }) => {
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#content$/);
  // The next Tab lands inside the page, not on the navigation's first link.
  await page.keyboard.press("Tab");
  const insideNavigation = await page.evaluate(() => Boolean(document.activeElement?.closest("nav[aria-label='Main']")));
  expect(insideNavigation).toBe(false);
});

test("the audit log shows a token's expiry as a date, not as epoch milliseconds", async ({ page }) => {
  const name = "e2e-audit-dates";
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Create API token" });
  await form.getByLabel("Token name").fill(name);
  await form.getByLabel("Expires in (days)").fill("30");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Token “${name}” created.` })).toBeVisible();

  await page.goto("/audit");
  const row = page.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const expiry = row.getByRole("definition").filter({ hasText: /UTC$/ });
  const expected = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await expect(expiry).toHaveText(new RegExp(`^${expected} \\d{2}:\\d{2} UTC$`));
  await expect(row).not.toContainText(/\d{13}/);
});
