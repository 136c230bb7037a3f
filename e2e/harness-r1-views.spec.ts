// The Harness-R1 views: with the results fixture (known drops and Δ), the ablation bars of each environment in
// the expected order with their values, the rankings side by side, the heatmap's counts and cells, the versions
// chosen in the URL, bad parameters named; with the reference experiment, its ablation, grid and engineer curve.
import {
  ABLATION_DROPS, ENGINEER_REWARDS, ENVIRONMENTS, EXPECTED_GRID, EXPECTED_ORDER, TARGETS, harnessR1ResultsEvents, harnessR1ResultsIds,
} from "../test/fixtures/harness-r1-results/events";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE } from "./reference-experiment";

const P = "e2e-r1v";
const ids = harnessR1ResultsIds(P);
const enc = encodeURIComponent;
const pagePath = `/experiments/${enc(ids.experiment)}/harness-r1`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pp = (x: number) => `${x < 0 ? "\u2212" : x > 0 ? "+" : ""}${Math.abs(x).toFixed(1)} pp`;

test.describe("with the results fixture", () => {
  test.beforeAll(async ({ request, server }) => {
    const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: harnessR1ResultsEvents(P) });
    expect(res.status(), await res.text()).toBe(200);
  });

  test("draws each environment's ablation bars largest drop first, with values, and ranks them side by side", async ({ page }) => {
    await page.goto(pagePath);
    await expect(page.getByRole("heading", { level: 1, name: "Harness-R1 views" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Experiment sections" }).getByRole("link", { name: "Harness-R1 views" })).toHaveAttribute("aria-current", "page");

    const ablation = page.getByRole("region", { name: "Hook-position ablation" });
    await expect(ablation.getByText("H0 ⊕ engineer patch", { exact: true })).toBeVisible();
    await expect(ablation.getByText("target-9b (primary)", { exact: true })).toBeVisible();
    for (const env of ENVIRONMENTS) {
      const expected = EXPECTED_ORDER[env].map((p) => `${p} ${pp(-ABLATION_DROPS[env][p])}`);
      const chart = ablation.getByRole("img", { name: new RegExp(`^Bar chart for ${env}:`) });
      // The description lists the bars in the drawn order with their values and intervals.
      await expect(chart).toHaveAttribute("aria-label", new RegExp(expected.map((e) => `${escape(e)} \\(95 % interval [^)]*, 100 tasks\\)`).join("; ")));
      // The drawn bars: one category label per position, top to bottom, with its value.
      // (recharts 3 draws tick labels in a layer of their own, not inside the axis group: pick the category labels by text.)
      await expect(chart.locator(".recharts-cartesian-axis-tick-value").filter({ hasText: /^(episode_init|pre_decision|pre_action|post_feedback) / })).toHaveText(expected);
      await expect(chart.locator(".recharts-bar-rectangle")).toHaveCount(4);
    }

    const ranking = ablation.getByRole("table", { name: "Ranking per environment" });
    await expect(ranking.getByRole("columnheader")).toHaveText(["Rank", "alfworld", "dbbench", "webshop", "Mean over environments"]);
    await expect(ranking.getByRole("row").nth(1).getByRole("cell")).toHaveText([
      "post_feedback (−5.0 pp)", "pre_action (−4.0 pp)", "pre_action (−6.0 pp)", "pre_action (−4.3 pp)",
    ]);
    await expect(ranking.getByRole("row").nth(4).getByRole("cell")).toHaveText([
      "episode_init (−1.0 pp)", "pre_decision (+1.0 pp)", "pre_decision (−1.0 pp)", "pre_decision (−0.7 pp)",
    ]);
    await expect(ablation.getByText("The ranking of the positions differs between environments.", { exact: false })).toBeVisible();

    // The numbers behind the charts, with the decoys nowhere: only the neutral variants are ablations.
    await ablation.getByText("Numbers behind the charts").click();
    const numbers = ablation.getByRole("table", { name: /^Change in pass@1 when one position is removed/ });
    await expect(numbers.getByRole("row")).toHaveCount(13);
    await expect(numbers.getByRole("link", { name: /^variant [abcd]$/ })).toHaveCount(12);
    await expect(numbers.getByText("F − pre_action")).toHaveCount(0);
    const webshopPreAction = numbers.getByRole("row").filter({ hasText: "webshop" }).filter({ has: page.getByRole("rowheader", { name: "pre_action" }) });
    await expect(webshopPreAction.getByRole("cell")).toHaveText(["webshop", "−6.0 pp", "−10.7 to −1.3 pp", "2.4 pp", "100", "58.0%", "52.0%", /^variant b/]);
    await expect(ablation.getByRole("group", { name: "Export hook-position ablation" })).toBeVisible();
  });

  test("shows the generalisation grid: counts, mean Δ, a Δ in every compared cell, only target models", async ({ page }) => {
    await page.goto(pagePath);
    const section = page.getByRole("region", { name: "Generalisation across target models" });
    await expect(section.getByRole("list", { name: "Cells by outcome" }).getByRole("listitem")).toHaveText([
      `${EXPECTED_GRID.improved} improved`, `${EXPECTED_GRID.regressed} regressed`, `${EXPECTED_GRID.unchanged} unchanged`,
      `+${EXPECTED_GRID.meanDeltaPp.toFixed(2)} pp mean Δ over ${EXPECTED_GRID.compared} cells`,
    ]);
    await expect(section.getByText("largest regression −2.0 pp", { exact: false })).toBeVisible();
    const heatmap = section.getByRole("table", { name: /^Δ pass@1 in pp, H0 ⊕ engineer patch − H0/ });
    await expect(heatmap.getByRole("columnheader")).toHaveText(["Target model", "alfworld", "dbbench", "webshop"]);
    await expect(heatmap.getByRole("rowheader")).toHaveText(TARGETS.map((t) => t.name));
    const row = (name: string) => heatmap.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) }).getByRole("cell");
    await expect(row("qwen-7b")).toHaveText(["+7.0 pp", "−2.0 pp", "+5.0 pp"]);
    await expect(row("llama-8b").first()).toHaveText("0.0 pp");
    await expect(row("phi-4b").nth(1)).toHaveText("—");
    // Gains and losses are shaded differently; the number is in the cell either way.
    await expect(row("qwen-7b").first()).toHaveAttribute("data-tone", "gain");
    await expect(row("qwen-7b").nth(1)).toHaveAttribute("data-tone", "loss");
    await expect(section.getByRole("link", { name: "diff of the two versions" })).toHaveAttribute(
      "href", `/harness-versions/compare?base=${enc(ids.h0)}&candidate=${enc(ids.full)}`,
    );
  });

  test("keeps the compared versions in the URL and names bad parameters", async ({ page }) => {
    await page.goto(pagePath);
    const section = page.getByRole("region", { name: "Generalisation across target models" });
    await section.getByLabel("Base version").selectOption({ label: "variant a" });
    await section.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("base") === ids.variant("a") && url.searchParams.get("patched") === ids.full);
    // Only the primary target ran variant a: F is better by post_feedback's drops (3, 5, 1 pp).
    await expect(section.getByRole("list", { name: "Cells by outcome" }).getByRole("listitem")).toHaveText([
      "3 improved", "0 regressed", "0 unchanged", "+3.00 pp mean Δ over 3 cells",
    ]);
    await page.reload();
    await expect(section.getByLabel("Base version")).toHaveValue(ids.variant("a"));

    const res = await page.goto(`${pagePath}?base=nope&patched=a&patched=b&full=${enc(ids.h0)}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("note")).toHaveText(
      "Not applied: patched: give one value; full: no one-position ablation of “H0” was evaluated; base: no harness version “nope” in this experiment.",
    );
    // The defaults are shown instead.
    await expect(section.getByRole("list", { name: "Cells by outcome" }).getByRole("listitem").first()).toHaveText(`${EXPECTED_GRID.improved} improved`);
    await expect(page.getByRole("img", { name: /^Bar chart for webshop:/ })).toBeVisible();
  });

  test("lists the engineer's mean reward per step with a link to its run", async ({ page }) => {
    await page.goto(pagePath);
    const section = page.getByRole("region", { name: "Engineer training curve" });
    await expect(section.getByRole("link", { name: "engineer GRPO on failure packets" })).toHaveAttribute("href", `/runs/${enc(ids.engineerRun)}`);
    const table = section.getByRole("table", { name: "Mean reward per step of engineer GRPO on failure packets" });
    await expect(table.getByRole("row")).toHaveCount(ENGINEER_REWARDS.length + 1);
    await expect(table.getByRole("row").nth(5).getByRole("cell")).toHaveText(["4", "0.08"]);
  });
});

test.describe("with the reference experiment", () => {
  test.beforeAll(async ({ server }) => {
    test.setTimeout(120_000);
    await ensureReferenceExperiment(server);
  });

  test("renders its ablation of the best patch, its grid over the target models and the engineer curve", async ({ page }) => {
    await page.goto(`/experiments/${enc(REFERENCE.harnessR1)}/harness-r1`);
    const ablation = page.getByRole("region", { name: "Hook-position ablation" });
    const chart = ablation.getByRole("img", { name: /^Bar chart for mini-verified:/ });
    await expect(chart).toBeVisible();
    // Recharts draws its bars after it has measured the container, a moment after the chart is visible.
    await expect.poll(() => chart.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);
    await expect(ablation.getByRole("table", { name: "Ranking per environment" })).toBeVisible();

    const grid = page.getByRole("region", { name: "Generalisation across target models" });
    const heatmap = grid.getByRole("table", { name: /^Δ pass@1 in pp, .* − H0/ });
    await expect(heatmap.getByRole("columnheader")).toHaveText(["Target model", "mini-verified"]);
    expect(await heatmap.getByRole("rowheader").count()).toBeGreaterThanOrEqual(2);
    await expect(heatmap.getByRole("cell").first()).toHaveText(/^([+−]\d+\.\d|0\.0) pp$/);
    await expect(grid.getByRole("list", { name: "Cells by outcome" })).toBeVisible();

    const curve = page.getByRole("region", { name: "Engineer training curve" });
    await expect(curve.getByRole("link", { name: "engineer training on failure packets" })).toHaveAttribute("href", `/runs/${enc(`${REFERENCE.harnessR1}-engineer`)}`);
    expect(await curve.getByRole("table").getByRole("row").count()).toBeGreaterThan(1);
  });
});

test("an unknown experiment is a 404", async ({ page }) => {
  const res = await page.goto(`/experiments/${enc(`${P}:nope`)}/harness-r1`);
  expect(res?.status()).toBe(404);
});
