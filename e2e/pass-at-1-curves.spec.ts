// pass@1 curves (issue 14): the reference experiment's overview draws pass@1 over its evaluated checkpoints, a
// line per harness version with its 95 % band on every benchmark and the average, and each point opens its own
// cell in the evaluation matrix (with the flips since the previous checkpoint). Numbers are never written here:
// what the chart shows is compared with what the curves API and the matrix page say for the same cell, since the
// reference training may change. Also the run page, the overlay on /compare/curves, the matrix's curves view,
// the CSV / PNG export, and Harness-R1's best patch so far over the engineer's steps.
import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { curvesPath, experimentComparePath, experimentPath, harnessR1Path, runPath } from "../lib/http/page-links";
import { parseCellKey } from "../lib/results/cell-key";
import { formatScoreWithCi } from "../lib/results/matrix-format";
import type { Pass1Curves } from "../lib/curves/pass-at-1-types";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE } from "./reference-experiment";
import type { ServerState } from "./state";

const HA = REFERENCE.harnessAdapt;
const HA_TRAIN = `${HA}-train`;
const GRPO_TRAIN = `${REFERENCE.grpo}-train`;
const TITLE = "pass@1 over checkpoints";

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const points = (n: number) => `${n} ${n === 1 ? "point" : "points"}`;

const pass1Section = (page: Page, name = TITLE) => page.getByRole("region", { name });

type Series = Pass1Curves["series"][number];
/** The series the charts draw: a version identical to an earlier one (same files, same figures) is that one's line. */
const drawn = (api: Pass1Curves) => api.series.filter((s) => !s.foldedInto);
/** A drawn line's name: its version's label, or "H0 = H1 (same files)" for identical versions shown once (issue 38, item 7). */
const lineName = (s: Series) => (s.sameFilesVersionIds ? s.label.slice(0, s.label.lastIndexOf(" · ")) : s.harnessLabel!);

async function apiCurves(request: APIRequestContext, server: ServerState, scope: string): Promise<Pass1Curves> {
  const res = await request.get(`/api/v1/curves?pass1=${encodeURIComponent(scope)}`, { headers: bearer(server.adminToken) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { pass1: Pass1Curves[] }).pass1[0];
}

test.beforeAll(async ({ server }) => {
  test.setTimeout(120_000);
  await ensureReferenceExperiment(server);
});

test("the overview draws pass@1 per harness version over at least two checkpoints, with bands and the harness changes", async ({ page, request, server }) => {
  const api = await apiCurves(request, server, `experiment:${HA}`);
  const versions = [...new Set(api.series.filter((s) => s.source === "eval results").map((s) => s.harnessLabel!))];
  expect(versions.length, "the reference evaluates several harness versions").toBeGreaterThanOrEqual(2);
  const steps = new Set(api.series.flatMap((s) => s.points.map((p) => p.step)));
  expect(steps.size, "the untrained and the final checkpoint are evaluated").toBeGreaterThanOrEqual(2);

  await page.goto(experimentPath(HA));
  const section = pass1Section(page);
  await expect(section).toBeVisible();
  // One chart per benchmark and the average, each naming every version's line with its points.
  for (const chart of [...api.benchmarks, "Average over benchmarks (equal weight)"]) {
    const series = drawn(api).filter((s) => s.source === "eval results" && (chart === s.benchmark || (s.benchmark === null && chart.startsWith("Average"))));
    const words = series.map((s) => `${lineName(s)} (${points(s.points.length)})`).join(", ");
    const plot = section.getByRole("group", { name: new RegExp(`^${esc(`pass@1 on ${chart} by step: ${words}.`)}`) });
    await expect(plot).toBeVisible();
    // A 95 % band and a line per version.
    await expect(plot.locator("path.recharts-area-area")).toHaveCount(series.length);
    await expect(plot.locator("path.recharts-line-curve")).toHaveCount(series.length);
  }
  // Where the harness changed, as the API places it, on the chart and in the list.
  for (const m of api.markers) {
    await expect(section.getByRole("list", { name: "pass@1 harness changes" })).toContainText(`${m.fromLabel ? `${m.fromLabel} → ` : ""}${m.toLabel} at step ${m.step}`);
  }
  await expect(section.getByText("stored evaluation results (band: 95 % interval over tasks)").first()).toBeVisible();
});

test("clicking a point opens that matrix cell, with the flips since the previous checkpoint", async ({ page, request, server }) => {
  const api = await apiCurves(request, server, `experiment:${HA}`);
  // The last version's line on the first benchmark, at its last checkpoint.
  const series = drawn(api).filter((s) => s.source === "eval results" && s.benchmark === api.benchmarks[0]).at(-1)!;
  expect(series.points.length).toBeGreaterThanOrEqual(2);
  const point = series.points.at(-1)!;
  const shown = formatScoreWithCi({ score: point.passAt1, ci: [point.lo!, point.hi!] });
  const cell = parseCellKey(point.cellKey!)!;
  expect([cell.harnessVersionId, cell.benchmark, cell.checkpointId]).toEqual([series.harnessVersionId, series.benchmark, point.checkpointId]);

  await page.goto(experimentPath(HA));
  const link = pass1Section(page).getByRole("link", { name: `${lineName(series)} · ${series.benchmark} at step ${point.step}: ${shown}` });
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === experimentComparePath(HA) && url.searchParams.get("b") === point.cellKey);

  // The flips panel names B: that checkpoint, version and benchmark; A is the same line's previous checkpoint.
  const flips = page.getByRole("region", { name: "Flips from A to B" });
  const b = flips.getByRole("definition").nth(1);
  await expect(b).toContainText(new RegExp(`step ${point.step}\\b.* · ${esc(`${series.harnessLabel} · ${series.benchmark}`)}$`));
  await expect(flips.getByRole("definition").nth(0)).toContainText(new RegExp(`step ${series.points.at(-2)!.step}\\b.* · ${esc(`${series.harnessLabel} · ${series.benchmark}`)}$`));
  // The matrix cell B (its own "Select … as A" link names it) shows the point's value and interval.
  const bText = (await b.textContent())!;
  const matrixCell = page.getByRole("cell").filter({ has: page.getByRole("link", { name: `Select ${bText} as A` }) });
  await expect(matrixCell).toContainText(shown);
  await expect(matrixCell.getByRole("link", { name: `Select ${bText} as B` })).toHaveCount(0);
});

test("the matrix page shows the same cells as curves, and the run page its checkpoints", async ({ page, request, server }) => {
  await page.goto(experimentComparePath(HA));
  await page.getByRole("navigation", { name: "Matrix view" }).getByRole("link", { name: "pass@1 curves over checkpoints" }).click();
  await expect(page).toHaveURL(/view=curves/);
  const section = pass1Section(page);
  const api = await apiCurves(request, server, `experiment:${HA}`);
  const first = drawn(api).find((s) => s.source === "eval results")!;
  const p = first.points[0];
  await expect(section.getByRole("link", { name: `${lineName(first)} · ${first.benchmark} at step ${p.step}: ${formatScoreWithCi({ score: p.passAt1, ci: [p.lo!, p.hi!] })}` })).toBeVisible();

  const run = await apiCurves(request, server, `run:${HA_TRAIN}`);
  await page.goto(runPath(HA_TRAIN));
  const runSection = pass1Section(page, "pass@1 of this run's checkpoints");
  const rp = run.series[0].points[0];
  await expect(runSection.getByRole("link", { name: `${lineName(run.series[0])} · ${run.series[0].benchmark} at step ${rp.step}: ${formatScoreWithCi({ score: rp.passAt1, ci: [rp.lo!, rp.hi!] })}` })).toBeVisible();
});

test("HarnessAdapt-RL and its GRPO baseline overlay on /compare/curves", async ({ page }) => {
  await page.goto(curvesPath([GRPO_TRAIN, HA_TRAIN]));
  const section = pass1Section(page, "pass@1 of the chosen runs' checkpoints");
  const plot = section.getByRole("group", { name: /^pass@1 on .* by step: / }).first();
  await expect(plot).toHaveAttribute("aria-label", new RegExp(`Reference: GRPO baseline \\(seed ${REFERENCE.seed}, small\\) · policy training, H0 only · H0 \\(\\d+ points\\)`));
  await expect(plot).toHaveAttribute("aria-label", new RegExp(`Reference: HarnessAdapt-RL \\(seed ${REFERENCE.seed}, small\\) · policy training with harness evolution · H0( = [^(]+ \\(same files\\))? \\(\\d+ points\\)`));
  // Unchoosing a run in the training-curves picker takes its pass@1 lines away too.
  // Other specs store GRPO baselines of other seeds with the same run name: pick this seed's group.
  await page.getByRole("region", { name: "Curves" }).getByRole("group", { name: `Reference: GRPO baseline (seed ${REFERENCE.seed}, small)`, exact: true })
    .getByRole("checkbox", { name: "policy training, H0 only" }).uncheck();
  await expect(plot).not.toHaveAttribute("aria-label", /GRPO baseline/);
});

test("the pass@1 points download as CSV and the charts as PNG", async ({ page, request, server }) => {
  const api = await apiCurves(request, server, `experiment:${HA}`);
  await page.goto(experimentPath(HA));
  const section = pass1Section(page);
  const [csv] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toBe("pass@1-curves.csv");
  const lines = fs.readFileSync((await csv.path())!, "utf8").trim().split("\r\n");
  expect(lines[0]).toBe("scope,series,source,harness version,benchmark,checkpoint,step,x (step),pass@1,95% low,95% high,tasks,matrix cell");
  // One line per drawn point: identical versions' points once, under the line that names them all.
  expect(lines).toHaveLength(1 + drawn(api).reduce((n, s) => n + s.points.length, 0));

  const [png] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download PNG" }).click()]);
  expect(png.suggestedFilename()).toBe("pass-at-1-curves.png");
  const bytes = fs.readFileSync((await png.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await expect(section.getByText(/^Downloaded the charts as pass-at-1-curves\.png/)).toBeVisible();
});

test("Harness-R1 draws the target's success under the best patch so far over the engineer's steps", async ({ page, request, server }) => {
  const metrics = await request.get(`/api/v1/curves?runs=${encodeURIComponent(`${REFERENCE.harnessR1}-engineer`)}&keys=engineer/reward/mean`, { headers: bearer(server.adminToken) });
  expect(metrics.ok(), await metrics.text()).toBe(true);
  const steps = ((await metrics.json()) as { series: Array<{ x: number[] }> }).series[0].x;
  expect(steps.length).toBeGreaterThan(0);
  await page.goto(harnessR1Path(REFERENCE.harnessR1));
  const section = page.getByRole("region", { name: "Target success under the best patch so far" });
  // A point at every engineer step from the first one with a valid, complete patch on.
  const chart = section.getByRole("img", { name: /^Success rate of the target by engineer step for engineer training on failure packets: .* \((\d+) steps?\)\.$/ });
  await expect(chart).toBeVisible();
  const shown = Number(/\((\d+) steps?\)/.exec((await chart.getAttribute("aria-label"))!)![1]);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(steps.length);
  await expect(section.getByRole("button", { name: "Download CSV" })).toBeVisible();
});
