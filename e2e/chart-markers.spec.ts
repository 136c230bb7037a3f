// The training charts as a reader uses them (issue 18, item 7): a harness marker's label on the chart is a link
// to the proposal behind the change; the tooltip stays off the plot it describes; and every chart SVG is an
// image (or, when its points are links, a group) named in words for assistive technology.
import { experimentPath, harnessR1Path, proposalPath } from "../lib/http/page-links";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiments, REFERENCE, REFERENCE_EVOLVED } from "./reference-experiment";

test.beforeAll(async ({ server }) => {
  // Two reference seeds, written by the demo: minutes on this shared machine.
  test.setTimeout(600_000);
  await ensureReferenceExperiments(server, REFERENCE, REFERENCE_EVOLVED);
});

test("a harness marker's label on the training chart is a link to the proposal that made the change", async ({ page, request, server }) => {
  const experiment = await (await request.get(`/api/v1/experiments/${encodeURIComponent(REFERENCE_EVOLVED.harnessAdapt)}`, { headers: bearer(server.adminToken) })).json();
  const versions = experiment.records.harnessVersions as Array<{ originProposalId: string | null }>;
  const proposals = new Set(versions.map((v) => v.originProposalId).filter((id): id is string => id !== null));
  expect(proposals.size, "seed 2 accepts proposals").toBeGreaterThan(0);

  await page.goto(experimentPath(REFERENCE_EVOLVED.harnessAdapt));
  const section = page.getByRole("region", { name: "Training curves" });
  const chart = section.getByRole("img", { name: /^Line chart of Trainable rate by step/ });
  await expect(chart).toBeVisible();
  const labels = section.getByRole("list", { name: "Harness changes on Trainable rate" }).getByRole("link");
  await expect(labels.first()).toBeVisible();
  // Each label sits on the chart, at the top of the plot.
  const chartBox = (await chart.boundingBox())!;
  const labelBox = (await labels.first().boundingBox())!;
  expect(labelBox.x).toBeGreaterThanOrEqual(chartBox.x);
  expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(chartBox.x + chartBox.width + 1);
  expect(labelBox.y).toBeGreaterThanOrEqual(chartBox.y);
  expect(labelBox.y).toBeLessThan(chartBox.y + chartBox.height / 3);

  const hrefs = await labels.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  for (const href of hrefs) expect([...proposals].map(proposalPath)).toContain(href);
  const last = labels.last();
  const target = await last.getAttribute("href");
  await last.click();
  await expect(page).toHaveURL((url) => url.pathname === target);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the tooltip shows the values under the pointer without covering the plot", async ({ page }) => {
  await page.goto(experimentPath(REFERENCE.harnessAdapt));
  const section = page.getByRole("region", { name: "Training curves" });
  const chart = section.getByRole("img", { name: /^Line chart of Trainable rate by step/ });
  await expect(chart).toBeVisible();
  // The mouse moves in window coordinates: the chart sits below the fold until scrolled to.
  await chart.scrollIntoViewIfNeeded();
  const plot = (await chart.boundingBox())!;
  for (const fraction of [0.3, 0.5, 0.8]) {
    const tooltip = section.getByText(/^step \d+$/);
    // Moved in steps, and again until it shows: the chart attaches its pointer handlers once it has measured itself.
    await expect(async () => {
      await page.mouse.move(plot.x + 2, plot.y + plot.height * 0.5);
      await page.mouse.move(plot.x + plot.width * fraction, plot.y + plot.height * 0.5, { steps: 5 });
      await expect(tooltip).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const box = (await tooltip.locator("..").boundingBox())!;
    const overlapX = Math.max(0, Math.min(box.x + box.width, plot.x + plot.width) - Math.max(box.x, plot.x));
    const overlapY = Math.max(0, Math.min(box.y + box.height, plot.y + plot.height) - Math.max(box.y, plot.y));
    expect(overlapX * overlapY, `tooltip at ${fraction} of the width overlaps the chart`).toBe(0);
    // Small: at most half the chart's width.
    expect(box.width).toBeLessThanOrEqual(plot.width / 2);
  }
});

test("every chart SVG has a role and a name: the training curves, pass@1 and Harness-R1's charts", async ({ page }) => {
  const unnamed = async () =>
    page.locator("svg.recharts-surface").evaluateAll((svgs) =>
      svgs.filter((svg) => !["img", "group"].includes(svg.getAttribute("role") ?? "") || !(svg.getAttribute("aria-label") ?? "").trim()).length,
    );
  await page.goto(experimentPath(REFERENCE.harnessAdapt));
  const curves = page.getByRole("region", { name: "Training curves" });
  await expect(curves.getByRole("img", { name: /^Line chart of Pass rate by step/ })).toBeVisible();
  expect(await curves.getByRole("img", { name: /^Line chart of Pass rate by step/ }).evaluate((e) => e.tagName.toLowerCase())).toBe("svg");
  expect(await page.locator("svg.recharts-surface").count()).toBeGreaterThan(1);
  expect(await unnamed()).toBe(0);

  await page.goto(harnessR1Path(REFERENCE.harnessR1));
  await expect(page.getByRole("img", { name: /^Bar chart for / }).first()).toBeVisible();
  expect(await page.getByRole("img", { name: /^Bar chart for / }).first().evaluate((e) => e.tagName.toLowerCase())).toBe("svg");
  expect(await unnamed()).toBe(0);
});
