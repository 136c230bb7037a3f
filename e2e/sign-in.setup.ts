// The first use of the one-time link the server printed on its first start: it signs the admin in and
// lands on the home page. The session is saved for every other spec (the link works only once).
import fs from "node:fs";
import { test, expect, NAV_LINKS, LANDING_URL } from "./fixtures";
import { ADMIN_STORAGE_STATE } from "./state";

test("the one-time sign-in link signs the first admin in and lands on the home page", async ({ page, server }) => {
  await page.goto(server.link);

  await expect(page).toHaveURL(LANDING_URL);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of NAV_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByTitle("Signed in as admin")).toBeVisible();

  // The session cookie the link set is what the other specs reuse.
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).toContain("harness_lab_session");
  await page.context().storageState({ path: ADMIN_STORAGE_STATE });
  expect(fs.existsSync(ADMIN_STORAGE_STATE)).toBe(true);
});
