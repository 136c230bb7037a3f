// The trajectory viewer against the production build: header and verdict, prompts collapsed, roles and
// hooks told apart, raw JSON, the patch as a diff, long fields expanded in place, find over virtualized
// rows, #turn-N deep links, the original file's download, a bounded DOM for 2,000 turns, untrusted
// output shown as text, and the real 2 MB trajectory.
import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { FIND_WORD, SOURCE_TEXT, longRolloutEvent, viewerEvents, viewerIds } from "../test/fixtures/viewer/viewer-events";
import path from "node:path";
import { realTrajectoriesDir } from "../test/shared-data";
import { test, expect, bearer } from "./fixtures";

const PREFIX = "e2e-viewer";
const ids = viewerIds(PREFIX);
// The real 2 MB mini-swe-agent trajectory (psf__requests-1142, one ~870 KB observation), imported
// through the project's importer exactly as a researcher would upload it.
const REAL_FILE = path.join(realTrajectoriesDir, "mini-swe-agent-v1/trajs/psf__requests-1142/psf__requests-1142.traj.json");
const real = { rolloutId: "", turns: (JSON.parse(fs.readFileSync(REAL_FILE, "utf8")) as { messages: unknown[] }).messages.length };
const viewerUrl = (id: string, hash = "") => `/rollouts/${encodeURIComponent(id)}${hash}`;

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  for (const batch of [viewerEvents(PREFIX), [longRolloutEvent(PREFIX)]]) {
    const res = await api.post("/api/v1/events", { headers: bearer(server.adminToken), data: batch, timeout: 120_000 });
    expect(res.status(), await res.text()).toBe(200);
  }
  const imported = await api.post("/api/v1/imports", {
    headers: bearer(server.adminToken),
    multipart: {
      experiment: `${PREFIX}-real`,
      files: { name: "trajs/psf__requests-1142/psf__requests-1142.traj.json", mimeType: "application/json", buffer: fs.readFileSync(REAL_FILE) },
    },
    timeout: 120_000,
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const report = (await imported.json()) as { files: Array<{ rolloutIds: string[] }> };
  real.rolloutId = report.files[0]?.rolloutIds[0] ?? "";
  expect(real.rolloutId).not.toBe("");
  await api.dispose();
});

/** Opens a rollout and waits until the viewer has hydrated (before that, buttons do nothing). */
async function openViewer(page: Page, id: string, hash = "") {
  await page.goto(viewerUrl(id, hash));
  await expect(page.locator("[data-viewer-ready=true]")).toBeVisible();
}

const turn = (page: Page, idx: number) => page.getByRole("article", { name: new RegExp(`^Turn ${idx} · `) });

/** Scrolls the page to its end until `target` is in view (rows are measured as they appear, so the end moves). */
async function scrollToEnd(page: Page, target: Locator) {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(target).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
const elementsUnder = (page: Page, name: string) => page.getByRole("region", { name, exact: true }).locator("*").count();

test("the header shows the rollout's figures, its links, the SWE-bench verdict and the patch", async ({ page }) => {
  await openViewer(page, ids.rollout);
  await expect(page.getByRole("heading", { level: 1, name: `${PREFIX}__repo-101` })).toBeVisible();
  // The tab says which task: "Rollout · Harness Lab" on every tab told a researcher nothing.
  await expect(page).toHaveTitle(`${PREFIX}__repo-101 · Rollout · Harness Lab`);
  const figures = page.getByRole("definition");
  await expect(page.getByText("Submitted", { exact: true })).toBeVisible();
  await expect(figures.filter({ hasText: "5,308" })).toBeVisible();
  await expect(figures.filter({ hasText: "$0.0421" })).toBeVisible();
  await expect(figures.filter({ hasText: "1 min 15 s" })).toBeVisible();

  const links = page.getByLabel("Where this rollout belongs");
  const e = encodeURIComponent;
  await expect(links.getByRole("link", { name: `${PREFIX}__repo-101` })).toHaveAttribute("href", `/tasks/${e(ids.task)}`);
  await expect(links.getByRole("link", { name: `${PREFIX} training run` })).toHaveAttribute("href", `/runs/${e(ids.run)}`);
  await expect(links.getByRole("link", { name: "step 7" })).toHaveAttribute("href", `/runs/${e(ids.run)}/steps/7`);
  await expect(links.getByRole("link", { name: `${PREFIX}-group-7` })).toHaveAttribute("href", `/runs/${e(ids.run)}/steps/7/groups/${e(`${PREFIX}-group-7`)}`);
  await expect(links.getByRole("link", { name: "H2" })).toHaveAttribute("href", `/experiments/${e(ids.experiment)}/harness`);
  await expect(links.getByText("ckpt-45")).toBeVisible();

  const evaluation = page.getByRole("region", { name: "Evaluation" });
  await expect(evaluation.getByText("resolved", { exact: true }).first()).toBeVisible();
  const failToPass = evaluation.getByRole("region", { name: "FAIL_TO_PASS: 1 passed, 0 failed" });
  await expect(failToPass.getByText(`tests/test_range.py::test_${FIND_WORD}`)).toBeVisible();
  const passToPass = evaluation.getByRole("region", { name: "PASS_TO_PASS: 1 passed, 1 failed" });
  await expect(passToPass.getByRole("listitem").filter({ hasText: "failed: tests/test_range.py::test_negative" })).toBeVisible();
  await expect(passToPass.getByRole("listitem").filter({ hasText: "passed: tests/test_range.py::test_empty" })).toBeVisible();

  const patch = page.getByRole("region", { name: "Submitted patch" });
  await expect(patch.getByRole("button", { name: "src/range.py" })).toBeVisible();
  await expect(patch.getByText("+    return range(n)", { exact: true })).toBeVisible();
  await expect(patch.getByText("-    return range(n + 1)", { exact: true })).toBeVisible();
});

test("prompts start collapsed; reasoning, action, observation, hooks and format errors are told apart; raw shows the original JSON", async ({ page }) => {
  await openViewer(page, ids.rollout);
  const system = turn(page, 0);
  await expect(system).toContainText("System prompt collapsed");
  await expect(system.getByText("Work in small, verified steps.")).toHaveCount(0);
  await system.getByRole("button", { name: "Show" }).click();
  await expect(system.getByText(/Work in small, verified steps\./)).toBeVisible();
  await expect(turn(page, 1)).toContainText("Task collapsed");

  const decision = turn(page, 2);
  await expect(decision.getByText("Reasoning", { exact: true })).toBeVisible();
  await expect(decision.getByText("The loop bound looks inclusive; read the file first.")).toBeVisible();
  await expect(decision.getByText("Action · command")).toBeVisible();
  await expect(decision.getByText("cat src/range.py", { exact: true })).toBeVisible();
  await expect(decision.getByText("rc 0").first()).toBeVisible();
  const hook = decision.getByRole("complementary", { name: "Hook message at pre_decision: inject_test_status" });
  await expect(hook.getByText("pre_decision", { exact: true })).toBeVisible();
  await expect(hook.getByText("inject", { exact: true })).toBeVisible();
  await expect(hook.getByText("2 tests failing")).toBeVisible();
  await expect(decision.getByRole("complementary", { name: "Hook message at episode_init: load_state" })).toBeVisible();

  await expect(turn(page, 3).getByText("format error")).toBeVisible();
  await expect(turn(page, 4).getByText("rc 1").first()).toBeVisible();
  await expect(turn(page, 4).getByRole("complementary", { name: "Hook message at pre_action: normalize_command" })).toContainText("rewrite");

  await decision.getByRole("button", { name: "Raw" }).click();
  await expect(decision.getByRole("region", { name: "Raw JSON of turn 2" })).toContainText('"model": "policy-9b"');
  await expect(turn(page, 3).getByRole("button", { name: "Raw" })).toBeDisabled();
});

test("model output that looks like HTML, links or terminal colours stays text and never runs", async ({ page }) => {
  await openViewer(page, ids.rollout, "#turn-5");
  const bait = turn(page, 5);
  await expect(bait).toBeInViewport();
  await expect(bait.getByText("<script>window.__pwned=1</script>").first()).toBeVisible();
  await expect(bait.getByText('<img src=x onerror="window.__pwned=1">').first()).toBeVisible();
  await expect(bait.getByText("[click me](javascript:window.__pwned=1)").first()).toBeVisible();
  await expect(bait.getByText("␛[31mred␛[0m").first()).toBeVisible();
  await expect(bait.locator("img, script")).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test("find steps through matches in every turn, expanding collapsed turns and long fields to show them", async ({ page }) => {
  await openViewer(page, ids.rollout);
  await page.getByRole("heading", { name: "Turns" }).click();
  await page.keyboard.press("Control+f");
  const input = page.getByRole("searchbox", { name: "Find in trajectory" });
  await expect(input).toBeFocused();
  await input.fill(FIND_WORD);
  const status = page.getByRole("search", { name: "Find in trajectory" }).getByRole("status");
  await expect(status).toHaveText("1 of 5");
  const active = page.locator("mark[aria-current=true]");
  // The first match is in the task prompt, which opens to show it.
  await expect(turn(page, 1).locator("mark[aria-current=true]")).toBeInViewport();
  await input.press("Enter");
  await expect(status).toHaveText("2 of 5");
  await expect(turn(page, 2).locator("mark[aria-current=true]")).toBeInViewport();
  await input.press("Enter");
  await input.press("Enter");
  await input.press("Enter");
  await expect(status).toHaveText("5 of 5");
  // The last match is 400 lines into a long observation: the field expands and scrolls to it.
  await expect(active).toBeInViewport();
  await expect(turn(page, 6).getByRole("region", { name: /^Observation of turn 6, all / })).toBeVisible();
  await input.press("Shift+Enter");
  await expect(status).toHaveText("4 of 5");
  await expect(turn(page, 6).locator("mark[aria-current=true]")).toBeInViewport();
  await input.fill("no such words anywhere");
  await expect(status).toHaveText("No matches");
});

test("a long field shows a preview with its size and expands in place", async ({ page }) => {
  await openViewer(page, ids.rollout);
  const last = turn(page, 6);
  await scrollToEnd(page, last);
  const show = last.getByRole("button", { name: /^Show all of Observation of turn 6 \(10 KB · 402 lines\)$/ });
  await expect(last.getByText(/showing [\d,]+ of 10,046 characters/)).toBeVisible();
  await show.click();
  const full = last.getByRole("region", { name: /^Observation of turn 6, all 10 KB · 402 lines$/ });
  await expect(full).toBeVisible();
  await full.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(full.getByText(`${FIND_WORD} at the very end`)).toBeVisible();
  await last.getByRole("button", { name: "Show less" }).click();
  await expect(full).toHaveCount(0);
});

test("#turn-N opens the viewer at that turn, and every turn links to itself", async ({ page }) => {
  await openViewer(page, ids.long, "#turn-1500");
  const target = turn(page, 1500);
  await expect(target).toBeInViewport();
  await expect(target).toHaveAttribute("aria-current", "location");
  await expect(target.getByRole("link", { name: "Link to turn 1500" })).toHaveAttribute("href", "#turn-1500");
  await page.goto(viewerUrl(ids.long, "#turn-40"));
  await expect(turn(page, 40)).toBeInViewport();
});

test("2,000 turns and a 900 KB observation keep the DOM small, and find reaches the end of the huge field", async ({ page }) => {
  await openViewer(page, ids.long);
  const first = await elementsUnder(page, "Turn list");
  expect(first).toBeLessThan(600);
  for (const fraction of [0.25, 0.5, 0.75, 1]) {
    await page.evaluate((f) => window.scrollTo(0, document.documentElement.scrollHeight * f), fraction);
    // Some turn is rendered in view (no blank area), and only a handful are in the DOM.
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll("article[data-turn]")]
      .filter((a) => a.getBoundingClientRect().bottom > 0 && a.getBoundingClientRect().top < window.innerHeight).length)).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "Turn list" }).getByRole("article").count()).toBeLessThan(30);
    expect(await elementsUnder(page, "Turn list")).toBeLessThan(600);
  }
  await scrollToEnd(page, turn(page, 1999));

  await page.evaluate(() => window.scrollTo(0, 0));
  const big = turn(page, 3);
  await big.getByRole("button", { name: /^Show all of Observation of turn 3 \(9\d\d KB/ }).click();
  await expect(big.getByRole("region", { name: /^Observation of turn 3, all / })).toBeVisible();
  expect(await elementsUnder(page, "Turn list")).toBeLessThan(900);

  const input = page.getByRole("searchbox", { name: "Find in trajectory" });
  await input.fill("needle-at-the-end");
  await expect(page.getByRole("search", { name: "Find in trajectory" }).getByRole("status")).toHaveText("1 of 1");
  await expect(page.locator("mark[aria-current=true]")).toBeInViewport();
  expect(await page.locator("body *").count()).toBeLessThan(1_500);
});

test("the original file downloads byte for byte", async ({ page, request }) => {
  await openViewer(page, ids.rollout);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download original/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^repo-101.*v1.*\.traj\.json$/);
  expect(fs.readFileSync(await download.path()).equals(Buffer.from(SOURCE_TEXT, "utf8"))).toBe(true);
  const res = await request.get(`/api/v1/source-files/${encodeURIComponent(ids.binarySource)}`);
  expect(res.headers()["content-type"]).toBe("application/octet-stream");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; /);
});

// How fast it opens is a figure of `npm run bench` (viewer_real_2mb_interactive_ms, programs/bench/viewer-run.ts, read
// from the same "harness-lab:viewer-ready" mark), not a timed assertion here.
test("the real 2 MB trajectory opens, scrolls to its end and expands its 870 KB observation", async ({ page }) => {
  await page.goto(viewerUrl(real.rolloutId));
  await expect(turn(page, 0)).toBeVisible();
  await expect(page.locator("[data-viewer-ready=true]")).toBeVisible();
  // The mark the bench reads is set once the viewer is interactive.
  expect(await page.evaluate(() => performance.getEntriesByName("harness-lab:viewer-ready").length)).toBeGreaterThan(0);

  const last = real.turns - 1;
  await scrollToEnd(page, turn(page, last));
  await turn(page, last).getByRole("button", { name: /^Show all of (Message|Output|Observation) of turn \d+ \(868 KB/ }).click();
  const full = turn(page, last).getByRole("region", { name: /^(Message|Output|Observation) of turn \d+, all 868 KB/ });
  await expect(full).toBeVisible();
  expect(await page.locator("body *").count()).toBeLessThan(2_000);
});
