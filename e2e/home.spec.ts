// The home page a signed-in researcher lands on (issue 18): what runs now, what waits for review by kind,
// the latest decisions and promotions, the experiments, a first-visit orientation that stays dismissed, and
// a prompt to set a password for an account that signed in by one-time link and has none.
import { exampleEvents } from "../lib/events/examples";
import { createUserLink, signInWith } from "./accounts";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";

const P = "e2e-home";
const EXPERIMENT = `Example ${P}: every event type once`;

// Several page loads and a second browser context each: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

test("home shows the running run, pending reviews per kind, the latest decision and the experiment", async ({ page, request, server }) => {
  // The example batch without its last event (the run finishing): the run stays running.
  const events = exampleEvents(P).slice(0, -1);
  events.push(
    { type: "proposal", id: `${P}-waiting`, experiment: `${P}-exp`, round: `${P}-round`, kind: "tool_hook", title: "Retry flaky tests once",
      base: `${P}-h0`, candidate: `${P}-h1` },
    { type: "proposal", id: `${P}-patch`, experiment: `${P}-exp`, round: `${P}-round`, kind: "engineer_patch", title: "Patch the edit tool",
      base: `${P}-h0`, candidate: `${P}-h1` },
  );
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();

  const running = page.getByRole("region", { name: "Running now" });
  await expect(running.getByRole("list", { name: "Active runs" }).getByRole("listitem").filter({ hasText: EXPERIMENT })).toContainText("running");
  await expect(running.getByRole("link", { name: `${P}-run`, exact: true })).toHaveAttribute("href", `/runs/${P}-run`);

  // The counts are the inbox's own: following a count lands on the pending rows of that kind.
  const review = page.getByRole("region", { name: "Waiting for review" });
  const teacher = review.getByRole("link", { name: /^\d+ teacher proposals?$/ });
  const patches = review.getByRole("link", { name: /^\d+ engineer patch(es)?$/ });
  const teacherCount = Number((await teacher.textContent())!.match(/\d+/)![0]);
  const patchCount = Number((await patches.textContent())!.match(/\d+/)![0]);
  expect(teacherCount).toBeGreaterThanOrEqual(1);
  expect(patchCount).toBeGreaterThanOrEqual(1);
  await expect(teacher).toHaveAttribute("href", "/proposals?kind=tool_hook&status=pending");
  await expect(patches).toHaveAttribute("href", "/proposals?kind=engineer_patch&status=pending");
  await teacher.click();
  await expect(page).toHaveURL(/\/proposals\?kind=tool_hook&status=pending$/, { timeout: 30_000 });
  await expect(page.getByText(`${teacherCount} left to review`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Retry flaky tests once" })).toBeVisible();
  await page.goto("/proposals?kind=engineer_patch&status=pending");
  await expect(page.getByText(`${patchCount} left to review`)).toBeVisible();
  await page.goto("/");

  const latest = page.getByRole("region", { name: "Latest decisions and promotions" });
  const decision = latest.getByRole("list", { name: "Latest decisions" }).getByRole("listitem").filter({ hasText: "Report failing tests before submission" });
  await expect(decision).toContainText("accepted");
  await expect(decision.getByRole("link", { name: "Report failing tests before submission" })).toHaveAttribute("href", `/proposals/${P}-prop`);
  await expect(latest.getByRole("list", { name: "Latest promotions" }).getByRole("listitem").filter({ hasText: EXPERIMENT }).first()).toContainText("promoted");

  const experiments = page.getByRole("region", { name: "Experiments" });
  await experiments.getByRole("link", { name: EXPERIMENT, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: EXPERIMENT })).toBeVisible({ timeout: 30_000 });
});

test("a new user lands on home with an orientation that stays dismissed and a prompt to set a password", async ({ page, browser, server }) => {
  const username = `${P}-new-${Date.now()}`;
  const link = await createUserLink(page, username, "viewer");
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const user = await signInWith(context, link);
    await expect(user.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    const orientation = user.getByRole("region", { name: "Welcome to Harness Lab" });
    await expect(orientation).toBeVisible();
    const prompt = user.getByRole("note").filter({ has: user.getByRole("heading", { name: "Set a password" }) });
    await expect(prompt).toBeVisible();

    await orientation.getByRole("button", { name: "Got it, hide this" }).click();
    await expect(orientation).toHaveCount(0);
    await user.reload();
    await expect(user.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(user.getByRole("region", { name: "Welcome to Harness Lab" })).toHaveCount(0);

    // Setting the password from the prompt's link ends the prompt.
    await prompt.getByRole("link", { name: "Set a password under Settings" }).click();
    const form = user.getByRole("form", { name: "Set password" });
    await form.getByLabel("New password", { exact: true }).fill("home-password-1234");
    await form.getByLabel("Confirm new password").fill("home-password-1234");
    await form.getByRole("button", { name: "Set password" }).click();
    await expect(user.getByRole("status").filter({ hasText: "Password saved." })).toBeVisible();
    await user.goto("/");
    await expect(user.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(user.getByRole("heading", { name: "Set a password" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("a stranger at the home page is sent to sign in, and the experiments list keeps its address", async ({ page, browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const stranger = await context.newPage();
    await stranger.goto("/");
    await expect(stranger).toHaveURL(/\/sign-in$/);
  } finally {
    await context.close();
  }
  await page.goto("/experiments");
  await expect(page.getByRole("heading", { level: 1, name: "Experiments" })).toBeVisible();
  await page.getByRole("link", { name: "Harness Lab", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
});
