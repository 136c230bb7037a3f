// The harness diff in Monaco: two versions compared file by file on /harness-versions/compare. The tree lists
// the changed files with their +/− counts and kind or hook-position badges; the selected file's diff shows
// Monaco's insert and delete decorations, which only appear once Monaco's editor worker (served from this
// server, never a CDN) has computed the diff; the inline mode shows deleted lines between the new ones.
// The version ids hold ":", "/" and a space, so the page must take them from an encoded query string.
import type { Page } from "@playwright/test";
import { harnessComparePath } from "../lib/http/page-links";
import { harnessDiffEvents, harnessDiffIds } from "../test/fixtures/harness-diff/versions";
import { test, expect, bearer } from "./fixtures";
import { ADMIN_STORAGE_STATE } from "./state";

const PREFIX = "e2e-harness-diff";
const ids = harnessDiffIds(PREFIX);

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: harnessDiffEvents(PREFIX) });
  expect(res.status(), await res.text()).toBe(200);
});

/** Every request the page makes, every worker it starts, and every failed response. */
function watchNetwork(page: Page) {
  const requests: string[] = [];
  const workers: string[] = [];
  const failures: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("worker", (worker) => workers.push(worker.url()));
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on("console", (message) => {
    // The app has no favicon yet; the browser's own request for it is not the page's doing.
    if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico")) failures.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => failures.push(`page error: ${error.message}`));
  return { requests, workers, failures };
}

test("the changed files with counts and badges, and each file's Monaco diff with the worker's decorations", async ({ page, baseURL }) => {
  const network = watchNetwork(page);
  await page.goto(harnessComparePath(ids.base, ids.candidate));
  await expect(page.getByRole("heading", { level: 1, name: "Compare harness versions" })).toBeVisible();
  // Headed by both versions' labels, base first (issue 40, item 5).
  const section = page.getByRole("region", { name: "H0 → H1-candidate" });
  await expect(section.getByRole("link", { name: "H0", exact: true })).toBeVisible();
  await expect(section.getByRole("link", { name: "H1-candidate", exact: true })).toBeVisible();
  await expect(section.getByText(ids.base, { exact: true })).toBeVisible();
  await expect(section.getByText(ids.candidate, { exact: true })).toBeVisible();
  await expect(section.getByText("3 files changed (1 added, 1 removed, 1 modified)")).toBeVisible();
  await expect(section.getByRole("list", { name: "Hook positions this change touches" }).getByRole("listitem").filter({ hasText: "pre_action" })).toHaveText(/1 changed hook/);

  // The tree: changed files only, each with its status, kind or hook position, and line counts.
  const tree = page.getByRole("navigation", { name: "Changed files" });
  const file = (name: string) => tree.getByRole("button", { name: new RegExp(`^${name.replace(".", "\\.")}`) });
  await expect(tree.getByRole("button")).toHaveCount(3);
  await expect(file("prepare_patch.py")).toContainText("modified");
  await expect(file("prepare_patch.py")).toContainText("tool");
  await expect(file("prepare_patch.py")).toContainText("+4 −2");
  await expect(file("report_failures.py")).toContainText("added");
  await expect(file("report_failures.py")).toContainText("hook · pre_action");
  await expect(file("report_failures.py")).toContainText("+5 −0");
  await expect(file("legacy_hint.md")).toContainText("removed");
  await expect(file("legacy_hint.md")).toContainText("prompt");
  await expect(file("legacy_hint.md")).toContainText("+0 −1");
  await expect(tree.getByText("tools/")).toBeVisible();

  // Unchanged files stay behind a toggle.
  await expect(file("bash.py")).toHaveCount(0);
  await page.getByLabel("Show 2 unchanged files").check();
  const allFiles = page.getByRole("navigation", { name: "Harness files" });
  await expect(allFiles.getByRole("button", { name: /^stall_detector\.py/ })).toContainText("hook · post_feedback");
  await expect(allFiles.getByRole("button", { name: /^bash\.py/ })).toContainText("unchanged");
  await page.getByLabel("Show 2 unchanged files").uncheck();
  await expect(tree.getByRole("button")).toHaveCount(3);

  // The modified tool side by side: the worker's diff marks inserted lines on the right, deleted on the left.
  await file("prepare_patch.py").click();
  await expect(file("prepare_patch.py")).toHaveAttribute("aria-current", "true");
  const diff = page.getByRole("group", { name: "Diff of tools/prepare_patch.py, H0 → H1-candidate" });
  await expect(page.getByRole("button", { name: "Side by side" })).toHaveAttribute("aria-pressed", "true");
  // Monaco's DOM has no roles for its decorations: its own class names are the only handle.
  await expect(diff.locator(".editor.modified .line-insert").first()).toBeVisible();
  await expect(diff.locator(".editor.modified .char-insert").first()).toBeVisible();
  await expect(diff.locator(".editor.original .line-delete").first()).toBeVisible();
  await expect(diff.locator(".editor.original .char-delete").first()).toBeVisible();
  await expect(diff.locator(".editor.modified")).toContainText("related_tests");
  await expect(diff.locator(".editor.original")).toContainText("Collect the working tree diff as the submission");
  // The language comes from the file type.
  await expect(diff.locator(".editor.modified")).toHaveAttribute("data-mode-id", "python");
  // Side by side draws no deleted lines inside the new text.
  await expect(diff.locator(".editor.modified .view-zones .line-delete")).toHaveCount(0);

  // Inline: one editor, the deleted lines drawn between the new ones.
  await page.getByRole("button", { name: "Inline" }).click();
  await expect(page.getByRole("button", { name: "Inline" })).toHaveAttribute("aria-pressed", "true");
  await expect(diff.locator(".editor.modified .inline-deleted-margin-view-zone").first()).toBeAttached();
  await expect(diff.locator(".editor.modified .view-zones .line-delete").first()).toBeVisible();
  await expect(diff.locator(".editor.modified .line-insert").first()).toBeVisible();

  // An added hook: every line inserted (still inline, the mode stays as chosen).
  await file("report_failures.py").click();
  const added = page.getByRole("group", { name: "Diff of hooks/report_failures.py, H0 → H1-candidate" });
  await expect(added.locator(".line-insert").first()).toBeVisible();
  await expect(added.locator(".monaco-editor")).toContainText("related tests fail");
  await expect(page.getByRole("region", { name: "File hooks/report_failures.py" }).getByText("new in H1-candidate")).toBeVisible();

  // Monaco and its workers came from this server: at least the editor worker ran, and nothing went elsewhere.
  const origin = new URL(baseURL ?? "").origin;
  expect(network.workers.length, "Monaco started no web worker").toBeGreaterThan(0);
  // The workers are chunks `next build` emitted, loaded from this server (not blob: bootstraps, not a CDN).
  for (const url of network.workers) expect(url.startsWith(`${origin}/_next/static/`), url).toBe(true);
  const foreign = [...network.requests, ...network.workers].filter((url) => !url.startsWith(origin) && !url.startsWith("blob:") && !url.startsWith("data:"));
  expect(foreign, "requests to other hosts").toEqual([]);
  expect(network.failures, "failed requests or errors").toEqual([]);
});

test("names a version that does not exist instead of showing an empty diff", async ({ page }) => {
  await page.goto(harnessComparePath(ids.base, `${PREFIX}:harness/none`));
  await expect(page.getByText(`Harness version ${PREFIX}:harness/none (the candidate) was not found.`)).toBeVisible();
  await page.goto("/harness-versions/compare");
  await expect(page.getByRole("heading", { name: "Two harness versions are needed" })).toBeVisible();
});

test("the same version on both sides has nothing to diff and shows its files", async ({ page }) => {
  await page.goto(harnessComparePath(ids.candidate, ids.candidate));
  await expect(page.getByText("No file differs between these versions (4 files).")).toBeVisible();
  const files = page.getByRole("navigation", { name: "Harness files" });
  await expect(files.getByRole("button")).toHaveCount(4);
  const file = page.getByRole("group", { name: /the same in H1-candidate and H1-candidate/ });
  // Its text at once (the first render), then Monaco's editor in its place.
  await expect(file.getByText("related tests fail").first()).toBeVisible();
  await expect(file.locator(".monaco-editor").first()).toBeVisible({ timeout: 30_000 });
});

// Issue 18: an added file showed a red deleted line "1 −" (a diff against an empty file) while its counts said −0.
test("an added file is all inserted lines with no deleted one, a removed file all deleted lines, as their counts say", async ({ page }) => {
  await page.goto(harnessComparePath(ids.base, ids.candidate));
  const tree = page.getByRole("navigation", { name: "Changed files" });
  for (const mode of ["Side by side", "Inline"]) {
    await page.getByRole("button", { name: mode }).click();
    await tree.getByRole("button", { name: /^report_failures\.py/ }).click();
    const added = page.getByRole("group", { name: "Diff of hooks/report_failures.py, H0 → H1-candidate" });
    // Monaco's first load on this shared machine can pass the default timeout (as in harness-history.spec.ts).
    await expect(added.locator(".monaco-editor .line-insert").first()).toBeVisible({ timeout: 30_000 });
    await expect(added.locator(".monaco-editor")).toContainText("related tests fail");
    await expect(added.locator(".line-delete, .delete-sign, .char-delete")).toHaveCount(0);

    await tree.getByRole("button", { name: /^legacy_hint\.md/ }).click();
    const removed = page.getByRole("group", { name: "Diff of prompts/legacy_hint.md, H0 → H1-candidate" });
    await expect(removed.locator(".monaco-editor .line-delete").first()).toBeVisible({ timeout: 30_000 });
    await expect(removed.locator(".monaco-editor")).toContainText("Always run the full test suite");
    await expect(removed.locator(".line-insert, .insert-sign, .char-insert")).toHaveCount(0);
  }
});

// Issue 18: the diff appeared only once Monaco had loaded (8.4 s on a busy machine). The page's first render,
// the HTML before any script runs, already holds the selected file's diff as text.
test("the selected file's diff is readable in the page's first render, before any script runs", async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: ADMIN_STORAGE_STATE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(harnessComparePath(ids.base, ids.candidate));
  const diff = page.getByRole("group", { name: "Diff of hooks/report_failures.py, H0 → H1-candidate" });
  await expect(diff.getByText('return action.with_message(f"{len(state.failing_tests)} related tests fail")')).toBeVisible();
  // Five inserted lines, nothing deleted: the same as the tree's "+5 −0".
  await expect(diff.getByRole("insertion")).toHaveCount(5);
  await expect(diff.getByRole("deletion")).toHaveCount(0);
  await context.close();
});
