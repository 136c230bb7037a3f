// API tokens in Settings: created by an admin, shown once, usable for ingestion, revoked in the UI after a
// confirmation; a second live token of the same name is refused by its field.
import { exampleEvents } from "../lib/events/examples";
import { test, expect, bearer } from "./fixtures";

const TOKEN_NAME = "e2e-settings-ingest";

test("an ingest token created in Settings works until it is revoked there", async ({ page, request }) => {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  const form = page.getByRole("form", { name: "Create API token" });
  await form.getByLabel("Token name").fill(TOKEN_NAME);
  await form.getByRole("checkbox", { name: /^ingest\b/ }).check();
  await form.getByRole("checkbox", { name: /^read\b/ }).uncheck();
  await form.getByRole("checkbox", { name: /^admin\b/ }).uncheck();
  await form.getByRole("button", { name: "Create token" }).click();

  await expect(page.getByRole("status").filter({ hasText: `Token “${TOKEN_NAME}” created.` })).toContainText("it will not be shown again");
  const secretElement = page.getByLabel("New token secret");
  await expect(secretElement).toHaveText(/^hl_\S+$/);
  const secret = (await secretElement.textContent())!.trim();

  const tokens = page.getByRole("table", { name: "API tokens" });
  const row = tokens.getByRole("row").filter({ hasText: TOKEN_NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(secret.slice(0, 11)); // the visible prefix
  await expect(row.getByRole("cell").nth(2)).toHaveText("ingest");
  await expect(row.getByRole("cell").nth(6)).toHaveText("active");

  // Shown once: after a reload only the prefix is left.
  await page.reload();
  await expect(tokens.getByRole("row").filter({ hasText: TOKEN_NAME })).toHaveCount(1);
  await expect(page.getByLabel("New token secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // The token ingests (scope ingest) …
  const ingest = await request.post("/api/v1/events", { headers: bearer(secret), data: exampleEvents("tok") });
  expect(ingest.status(), await ingest.text()).toBe(200);
  expect(((await ingest.json()) as { applied: Record<string, number> }).applied).toMatchObject({ experiment: 1 });
  // … but does not read (no scope read).
  const read = await request.get("/api/v1/experiments", { headers: bearer(secret) });
  expect(read.status()).toBe(403);

  // A second live token under the same name is refused, naming the field; nothing is created.
  await form.getByLabel("Token name").fill(TOKEN_NAME);
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByRole("alert")).toContainText(`name: a live token is already named "${TOKEN_NAME}"`);
  await expect(tokens.getByRole("row").filter({ hasText: TOKEN_NAME })).toHaveCount(1);

  // Revoking asks first: dismissed, the token stays active.
  let asked = "";
  page.once("dialog", (dialog) => { asked = dialog.message(); void dialog.dismiss(); });
  await tokens.getByRole("button", { name: `Revoke token ${TOKEN_NAME}` }).click();
  await expect.poll(() => asked).toContain(`Revoke the token “${TOKEN_NAME}”?`);
  await expect(row.getByRole("cell").nth(6)).toHaveText("active");
  // Confirmed, it is revoked.
  page.once("dialog", (dialog) => void dialog.accept());
  await tokens.getByRole("button", { name: `Revoke token ${TOKEN_NAME}` }).click();
  await expect(row.getByRole("cell").nth(6)).toHaveText(/^revoked /);
  await expect(tokens.getByRole("button", { name: `Revoke token ${TOKEN_NAME}` })).toHaveCount(0);

  const refused = await request.post("/api/v1/events", { headers: bearer(secret), data: exampleEvents("tok-after-revoke") });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: "token revoked" });
});
