// Issue 18, time to usable content: the overview's training curves and the trajectory browser's first rows came
// only after the page's scripts had run (recharts renders nothing on the server; the virtualised table started
// from an empty view). Both are now in the page's first render: with scripts off, the HTML alone shows them.
import { curvesPath, experimentPath } from "../lib/http/page-links";
import { test, expect } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE } from "./reference-experiment";
import { ADMIN_STORAGE_STATE } from "./state";

test.beforeAll(async ({ server }) => {
  await ensureReferenceExperiment(server);
});

test("the overview's training curves are drawn in the page's first render, before any script runs", async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: ADMIN_STORAGE_STATE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(experimentPath(REFERENCE.harnessAdapt));
  const section = page.getByRole("region", { name: "Training curves" });
  const chart = section.locator("figure").filter({ hasText: "Trainable rate" });
  // One line per run, through every step of the reference run (6 steps: a move and 5 segments).
  const line = chart.locator("svg path[stroke-width='2']");
  await expect(line).toHaveCount(1);
  await expect(line).toBeVisible();
  // The path is a move and relative steps (lib/curves/first-paint-plot.ts pathText): one pair of numbers a point.
  expect((await line.getAttribute("d"))!.match(/-?\d+(?:\.\d+)?/g)).toHaveLength(2 * 6);
  // Drawn across the plot, not collapsed into a corner.
  const plot = (await chart.boundingBox())!;
  const drawn = (await line.boundingBox())!;
  expect(drawn.width).toBeGreaterThan(plot.width / 2);
  await expect(chart.getByText("epoch 2")).toBeVisible();
  await context.close();
});

// Issue 19: a stylesheet to fetch held the first paint back until the (busy) server had answered it as well; the
// page's CSS now comes inside its HTML (next.config.js, experimental.inlineCss). With every request but the page
// itself refused and scripts off, the server-drawn plot still fills recharts' plot area (208 px of the 260 px
// chart), which only its stylesheet's rules make it do (an unstyled SVG is 300 × 150).
test("the curves page is styled and its lines drawn by its HTML alone, with no stylesheet to fetch", async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: ADMIN_STORAGE_STATE, javaScriptEnabled: false });
  const page = await context.newPage();
  const refused: string[] = [];
  await page.route("**/*", (route) => {
    if (route.request().resourceType() === "document") return route.continue();
    refused.push(route.request().url());
    return route.abort();
  });
  await page.goto(`${curvesPath([`${REFERENCE.harnessAdapt}-train`])}&keys=${encodeURIComponent("train:trainable_rate")}`);
  const plot = page.locator("figure[data-curve-chart] [data-first-paint-plot] svg");
  await expect(plot.locator("path[data-first-paint-line]")).not.toHaveCount(0);
  const box = (await plot.boundingBox())!;
  expect(Math.round(box.height)).toBe(208);
  expect(refused.filter((url) => url.endsWith(".css"))).toEqual([]);
  await context.close();
});

test("the trajectory browser's first rows are in the page's first render, before any script runs", async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, storageState: ADMIN_STORAGE_STATE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/trajectories?experiment=${encodeURIComponent(REFERENCE.harnessAdapt)}`);
  const rows = page.getByRole("grid", { name: "Rollouts" }).getByRole("row");
  // The header and a screenful of rollouts (the virtualiser's first view, 630 px of 52 px rows and 8 more).
  expect(await rows.count()).toBeGreaterThan(10);
  await expect(rows.nth(1).getByRole("link").first()).toBeVisible();
  await context.close();
});
