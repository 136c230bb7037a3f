// Two attempts at one task side by side: reached from the viewer's "Compare with…", both headers with
// outcome and harness version, turns aligned in pairs that scroll as one.
import type { Page } from "@playwright/test";
import { viewerEvents, viewerIds } from "../test/fixtures/viewer/viewer-events";
import { test, expect, bearer } from "./fixtures";

const PREFIX = "e2e-compare";
const ids = viewerIds(PREFIX);

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  const res = await api.post("/api/v1/events", { headers: bearer(server.adminToken), data: viewerEvents(PREFIX) });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});

const cell = (page: Page, side: "Left" | "Right", turn: number | null) =>
  page.getByRole("group", { name: `${side}, ${turn === null ? "no turn" : `turn ${turn}`}`, exact: true });

test("the viewer's Compare with… lists the task's other rollouts and opens them side by side", async ({ page }) => {
  await page.goto(`/rollouts/${encodeURIComponent(ids.rollout)}`);
  await expect(page.locator("[data-viewer-ready=true]")).toBeVisible();
  await page.getByRole("button", { name: "Compare with… (1)" }).click();
  const other = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Compare with ${ids.other}` }) });
  await expect(other.getByText("failure")).toBeVisible();
  await expect(other.getByRole("cell", { name: "H0", exact: true })).toBeVisible();
  await other.getByRole("link", { name: `Compare with ${ids.other}` }).click();

  await expect(page).toHaveURL(`/rollouts/compare?left=${encodeURIComponent(ids.rollout)}&right=${encodeURIComponent(ids.other)}`);
  const left = page.getByRole("region", { name: `Left: ${ids.rollout}` });
  const right = page.getByRole("region", { name: `Right: ${ids.other}` });
  await expect(left.getByText("success", { exact: true })).toBeVisible();
  await expect(left.getByRole("link", { name: "H2" })).toBeVisible();
  await expect(right.getByText("failure", { exact: true })).toBeVisible();
  await expect(right.getByRole("link", { name: "H0" })).toBeVisible();
  await expect(right.getByText("truncated (turns)")).toBeVisible();
  await expect(left.getByRole("link", { name: ids.rollout })).toHaveAttribute("href", `/rollouts/${encodeURIComponent(ids.rollout)}`);

  // Row pairs: turn i of each side stands in one row; the shorter side has gaps.
  await expect(cell(page, "Left", 0).getByRole("article", { name: "Turn 0 · System prompt" })).toBeVisible();
  await expect(cell(page, "Right", 0).getByRole("article", { name: "Turn 0 · System prompt" })).toBeVisible();
  await expect(cell(page, "Right", 3).getByText("3 failed")).toBeVisible();
});

test("both columns scroll together and stay aligned, by index or by step", async ({ page }) => {
  await page.goto(`/rollouts/compare?left=${encodeURIComponent(ids.rollout)}&right=${encodeURIComponent(ids.other)}`);
  // The row of the left's last turn has a gap on the right, at the same height (a tall row can put the
  // gap's top above the viewport while the turn is still in view, so alignment is what is checked). Measured
  // in the same attempt as the scroll: the list renders only rows near the view, and rows measured on the way
  // down can move the bottom once more.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cell(page, "Left", 6)).toBeInViewport({ timeout: 1_000 });
    const [last, gap] = [await cell(page, "Left", 6).boundingBox({ timeout: 1_000 }), await cell(page, "Right", null).last().boundingBox({ timeout: 1_000 })];
    expect(last && gap && Math.abs(last.y - gap.y)).toBe(0);
  }).toPass({ timeout: 15_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await cell(page, "Left", 3).scrollIntoViewIfNeeded();
  await expect(cell(page, "Left", 3)).toBeInViewport();
  await expect(cell(page, "Right", 3)).toBeInViewport();
  const [l, r] = [await cell(page, "Left", 3).boundingBox(), await cell(page, "Right", 3).boundingBox()];
  expect(l && r && Math.abs(l.y - r.y)).toBe(0);

  await page.getByRole("link", { name: "by step" }).click();
  await expect(page).toHaveURL(/align=step$/);
  await cell(page, "Left", 2).scrollIntoViewIfNeeded();
  // By step: both sides' first decisions (turn 2) share a row although the sides differ in length later.
  const l2 = await cell(page, "Left", 2).boundingBox();
  const r2 = await cell(page, "Right", 2).boundingBox();
  expect(l2 && r2 && Math.abs(l2.y - r2.y)).toBe(0);
  await page.getByRole("link", { name: "Swap sides" }).click();
  await expect(page.getByRole("region", { name: `Left: ${ids.other}` })).toBeVisible();
});
