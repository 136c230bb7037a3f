// Other accounts for specs that check rights: an admin creates the user under Settings (as a person
// would) and the one-time link it shows signs that user in, in a browser context of its own; API tokens are made
// the same way, under Settings.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, LANDING_URL } from "./fixtures";

/** Creates `username` with `role` through the Settings form; returns the user's one-time sign-in link. */
export async function createUserLink(admin: Page, username: string, role: "viewer" | "reviewer" | "admin"): Promise<string> {
  await admin.goto("/settings");
  const form = admin.getByRole("form", { name: "Create user" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Create user" }).click();
  const created = admin.getByRole("status").filter({ hasText: `User “${username}” created.` });
  await expect(created).toBeVisible();
  return (await created.locator("code").textContent())?.trim() ?? "";
}

/** Opens the sign-in link in `context` and returns the signed-in page (landing on the home page). */
export async function signInWith(context: BrowserContext, link: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(LANDING_URL);
  return page;
}

/** An API token of scope ingest only, made under Settings, as a trainer would be given one. */
export async function createIngestToken(page: Page, name: string): Promise<string> {
  await page.goto("/settings");
  const tokenForm = page.getByRole("form", { name: "Create API token" });
  await tokenForm.getByLabel("Token name").fill(name);
  await tokenForm.getByRole("checkbox", { name: /^ingest\b/ }).check();
  await tokenForm.getByRole("checkbox", { name: /^read\b/ }).uncheck();
  await tokenForm.getByRole("checkbox", { name: /^admin\b/ }).uncheck();
  await tokenForm.getByRole("button", { name: "Create token" }).click();
  return (await page.getByLabel("New token secret").textContent())!.trim();
}
