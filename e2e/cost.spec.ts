// Cost (issue 6, part 4). The reference experiment's cost page shows the rollout counts by purpose the API
// holds, and says once that it reports no tokens or cost (issue 40) instead of columns of "not reported"; a fixture with known tokens, USD and
// durations shows its sums with how many rollouts reported them; the side-by-side page sets HarnessAdapt-RL
// against GRPO with both totals and their difference, and its picker keeps the choice in the URL.
import type { Page } from "@playwright/test";
import { crossCostPath, experimentCostPath } from "../lib/http/page-links";
import { costEvents, costIds, COST_EXPECTED } from "../test/fixtures/cost/events";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE } from "./reference-experiment";

const PREFIX = "e2e-cost";
const ids = costIds(PREFIX);
const PURPOSES = [["train", "policy training"], ["preparation", "preparation"], ["comparison", "comparison"], ["eval", "evaluation"], ["rerun", "re-runs"]] as const;
const fmt = (n: number) => n.toLocaleString("en-US");

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(120_000);
  await ensureReferenceExperiment(server);
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: costEvents(PREFIX) });
  expect(res.status(), await res.text()).toBe(200);
});

/** A row of the purpose table by its label; its cells are Rollouts, Prompt, Completion, Cost, Turns, Time. */
const purposeRow = (page: Page, label: string) =>
  page.getByRole("region", { name: "Rollouts by purpose" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${label}`) }) });

async function overview(request: import("@playwright/test").APIRequestContext, token: string, id: string) {
  const res = await request.get(`/api/v1/experiments/${encodeURIComponent(id)}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { experiment: { name: string }; rollouts: number; rolloutsByPurpose: Record<string, number> };
}

test("the reference experiment's rollouts by purpose are the counts the API holds", async ({ page, request, server }) => {
  const api = await overview(request, server.adminToken, REFERENCE.harnessAdapt);
  await page.goto(experimentCostPath(REFERENCE.harnessAdapt));
  await expect(page.getByRole("heading", { level: 1, name: "Cost" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Experiment sections" }).getByRole("link", { name: "Cost" })).toHaveAttribute("aria-current", "page");
  for (const [purpose, label] of PURPOSES) {
    await expect(purposeRow(page, label).getByRole("cell").first()).toHaveText(fmt(api.rolloutsByPurpose[purpose] ?? 0));
  }
  const trainingSide = PURPOSES.filter(([p]) => p !== "eval").reduce((n, [p]) => n + (api.rolloutsByPurpose[p] ?? 0), 0);
  await expect(purposeRow(page, "training side").getByRole("cell").first()).toHaveText(fmt(trainingSide));
  await expect(purposeRow(page, "all rollouts").getByRole("cell").first()).toHaveText(fmt(api.rollouts));
  // The demo sends no tokens, cost or rollout times: the page says so once and leaves those columns out (not a column of 0s, nor
  // one of "not reported").
  await expect(page.getByText("No rollout of this experiment reports token counts, cost or rollout times; those columns are left out.")).toBeVisible();
  const purposeTable = page.getByRole("region", { name: "Rollouts by purpose" });
  await expect(purposeTable.getByRole("columnheader", { name: "Rollouts" })).toBeVisible();
  await expect(purposeTable.getByRole("columnheader", { name: /^(Cost|Prompt tokens|Completion tokens|Rollout time.*)$/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Per run" }).getByRole("columnheader", { name: "Cost" })).toHaveCount(0);
  await expect(page.getByRole("note").filter({ hasText: "Rollout counts are not GPU hours." })).toBeVisible();
  await expect(page.getByRole("group", { name: "Export rollouts by purpose" }).getByRole("button", { name: "Copy CSV" })).toBeVisible();
});

test("reported tokens, cost and time are summed with how many rollouts reported them, per purpose, per run and in calls", async ({ page }) => {
  const e = COST_EXPECTED.a;
  await page.goto(experimentCostPath(ids.a));
  const all = purposeRow(page, "all rollouts").getByRole("cell");
  await expect(all.nth(0)).toHaveText(fmt(e.all));
  await expect(all.nth(1)).toHaveText(`${fmt(e.promptTokens.sum)} (${e.promptTokens.reported} of ${e.all} rollouts)`);
  await expect(all.nth(2)).toHaveText(`${fmt(e.completionTokens.sum)} (${e.completionTokens.reported} of ${e.all} rollouts)`);
  await expect(all.nth(3)).toHaveText(`$0.06 (${e.costUsd.reported} of ${e.all} rollouts)`);
  await expect(all.nth(4)).toHaveText(`${fmt(e.turns)} · ${(e.turns / e.all).toFixed(1).replace(/\.0$/, "")}`);
  await expect(all.nth(5)).toHaveText(/^17\.0 s \(10 of 15 rollouts\) · 1\.7 s$/);
  const comparison = purposeRow(page, "comparison").getByRole("cell");
  await expect(comparison.nth(1)).toHaveText("2,000");
  await expect(comparison.nth(3)).toHaveText("$0.02");
  await expect(purposeRow(page, "preparation").getByRole("cell").nth(3)).toHaveText("not reported");

  const calls = page.getByRole("region", { name: "Teacher and engineer calls" });
  await expect(calls.getByRole("row", { name: /^Proposals teacher 2/ }).getByRole("cell").nth(1)).toHaveText(String(e.calls.teacherProposals));
  await expect(calls.getByRole("row", { name: /^Skill texts teacher 1/ }).getByRole("cell").nth(1)).toHaveText(String(e.calls.teacherSkills));

  const runs = page.getByRole("region", { name: "Per run" });
  const trainRun = runs.getByRole("row").filter({ has: page.getByRole("link", { name: "policy training" }) });
  // Cells after the run: kind, policy training, preparation, comparison, evaluation, re-runs, all.
  await expect(trainRun.getByRole("cell").nth(1)).toHaveText("6");
  await expect(trainRun.getByRole("cell").nth(2)).toHaveText("2");
  await expect(trainRun.getByRole("cell").nth(6)).toHaveText("8");
  await expect(runs.getByRole("row").filter({ has: page.getByRole("link", { name: "candidate comparison" }) }).getByRole("cell").nth(3)).toHaveText("4");
});

test("HarnessAdapt-RL against GRPO side by side: both totals and their difference", async ({ page, request, server }) => {
  const adapt = await overview(request, server.adminToken, REFERENCE.harnessAdapt);
  const grpo = await overview(request, server.adminToken, REFERENCE.grpo);
  const side = (o: typeof adapt) => o.rollouts - (o.rolloutsByPurpose.eval ?? 0);
  const delta = side(grpo) - side(adapt);
  await page.goto(crossCostPath([REFERENCE.harnessAdapt, REFERENCE.grpo]));
  await expect(page.getByRole("heading", { level: 1, name: "Cost side by side" })).toBeVisible();
  const sign = delta > 0 ? "+" : "−";
  await expect(page.getByRole("list", { name: "Training-side rollouts against the baseline" })).toHaveText(
    new RegExp(`^${grpo.experiment.name.replace(/[()]/g, "\\$&")}: ${fmt(side(grpo))} training-side rollouts against ${fmt(side(adapt))} for ${adapt.experiment.name.replace(/[()]/g, "\\$&")} — ${sign}${fmt(Math.abs(delta))} \\(${sign}\\d+\\.\\d %\\)$`),
  );
  const allRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "all rollouts", exact: true }) }).getByRole("cell");
  await expect(allRow.nth(0)).toHaveText(fmt(adapt.rollouts));
  await expect(allRow.nth(1)).toHaveText(fmt(grpo.rollouts));
  await expect(allRow.nth(2)).toContainText(`${grpo.rollouts - adapt.rollouts > 0 ? "+" : "−"}${fmt(Math.abs(grpo.rollouts - adapt.rollouts))}`);
  await expect(page.getByRole("note").filter({ hasText: "Rollout counts are not GPU hours." })).toBeVisible();
  await expect(page.getByRole("group", { name: "Export cost side by side" }).getByRole("button", { name: "Copy Markdown" })).toBeVisible();
});

test("the picker builds the comparison in the URL, and a bad id is named", async ({ page }) => {
  await page.goto(experimentCostPath(ids.a));
  await page.getByRole("link", { name: "Set it side by side with another experiment" }).click();
  await expect(page.getByRole("heading", { name: "Choose at least two experiments" })).toBeVisible();
  await page.getByRole("combobox", { name: "Add an experiment" }).selectOption(ids.b);
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page).toHaveURL(crossCostPath([ids.a, ids.b]));
  const chosen = page.getByRole("list", { name: "Experiments side by side" });
  await expect(chosen.getByRole("listitem")).toHaveText([/^Cost A .*baseline/, /^Cost B /]);
  const trainRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "policy training", exact: true }) }).getByRole("cell");
  await expect(trainRow).toHaveText(["6", "10", "+4 (+66.7 %)"]);
  // Cost is fully reported only on B's side: no Δ for a partial sum.
  await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "cost (USD)", exact: true }) }).getByRole("cell")).toHaveText([
    "$0.06 (8 of 15 rollouts)", "$0.08 (10 of 13 rollouts)", "—",
  ]);

  await page.getByRole("link", { name: `Make Cost B ${PREFIX} the baseline` }).click();
  await expect(page).toHaveURL(crossCostPath([ids.b, ids.a]));
  await expect(trainRow).toHaveText(["10", "6", "−4 (−40.0 %)"]);

  const response = await page.goto(`${crossCostPath()}?experiments=nope,${encodeURIComponent(ids.a)}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("note").filter({ hasText: "Not applied" })).toHaveText("Not applied: experiments: no experiment “nope”.");
});
