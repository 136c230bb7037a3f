// Signing in and out. The first use of the server's one-time link is e2e/sign-in.setup.ts (it must come
// first, and its session is saved for the other specs); here: strangers, link reuse, and signing out.
import { test, expect, NAV_LINKS, SIGNED_OUT, LANDING_URL } from "./fixtures";

test.describe("as a stranger", () => {
  test.use({ storageState: SIGNED_OUT });

  test("visiting /experiments lands on the sign-in page", async ({ page }) => {
    await page.goto("/experiments");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("heading", { name: "Sign in to Harness Lab" })).toBeVisible();
    await expect(page.getByLabel("Username")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });

  test("the one-time link used a second time does not sign in and says why", async ({ page, server }) => {
    await page.goto(server.link);
    await expect(page).toHaveURL(/\/sign-in\?error=link&reason=used$/);
    // (Next's empty route announcer is an alert too, hence the filter.)
    await expect(page.getByRole("alert").filter({ hasText: "This sign-in link has already been used; each link works once." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign in to Harness Lab" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    // Still a stranger: the list sends us back to sign-in.
    await page.goto("/experiments");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("a made-up link is refused", async ({ page }) => {
    await page.goto("/sign-in/link?token=hl_link_not-a-real-token");
    await expect(page.getByRole("alert").filter({ hasText: "This sign-in link is not valid." })).toBeVisible();
  });
});

test("the signed-in admin sees the experiments list and the main navigation", async ({ page }) => {
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of NAV_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Experiments", exact: true })).toHaveAttribute("aria-current", "page");
});

// Signing out deletes the session on the server, so it must not be the admin session other specs share:
// the admin creates a user without a password, and that user signs in with their own one-time link.
test("signing out returns to the sign-in page and ends the session", async ({ page, browser, server }) => {
  await page.goto("/settings");
  const createUser = page.getByRole("form", { name: "Create user" });
  await createUser.getByLabel("Username").fill("e2e-signout");
  await createUser.getByLabel("Role").selectOption("viewer");
  await createUser.getByRole("button", { name: "Create user" }).click();
  const created = page.getByRole("status").filter({ hasText: "User “e2e-signout” created." });
  await expect(created).toBeVisible();
  const link = (await created.locator("code").textContent())?.trim() ?? "";
  expect(link).toMatch(/\/sign-in\/link\?token=/);

  const context = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const viewer = await context.newPage();
    await viewer.goto(link);
    await expect(viewer).toHaveURL(LANDING_URL);
    await expect(viewer.getByTitle("Signed in as e2e-signout")).toBeVisible();

    await viewer.getByRole("button", { name: "Sign out" }).click();
    await expect(viewer).toHaveURL(/\/sign-in$/);
    await expect(viewer.getByRole("heading", { name: "Sign in to Harness Lab" })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    expect((await context.cookies()).filter((c) => c.name === "harness_lab_session" && c.value !== "")).toHaveLength(0);

    await viewer.goto("/experiments");
    await expect(viewer).toHaveURL(/\/sign-in$/);
  } finally {
    await context.close();
  }

  // The admin's own session is untouched.
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
});
