// Issue 40 item 7: the numbers a trainer attaches to each rollout — here as TRL's integration sends them, metadata
// {rewards: {function: value}, advantage, extra columns} — are shown in the viewer, and one of them becomes a column
// and a filter of the trajectory browser.
import type { Page } from "@playwright/test";
import { test, expect, bearer } from "./fixtures";

const P = "e2e-values";
const ADVANTAGES = [0.87, -0.29, -0.29, -0.29];

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      { type: "experiment", id: `${P}-exp`, name: "E2E trainer values", method: "grpo" },
      { type: "run", id: `${P}-run`, experiment: `${P}-exp`, kind: "train", status: "finished" },
      { type: "task", id: `${P}-task`, key: "gsm8k-17", benchmark: "gsm8k" },
      ...ADVANTAGES.map((advantage, k) => ({
        type: "rollout", id: `${P}-r${k}`, experiment: `${P}-exp`, run: `${P}-run`, task: `${P}-task`, purpose: "train", step: 1,
        group: `${P}-g`, sample_index: k, success: k === 0, reward: k === 0 ? 1.5 : 0.5,
        turns: [{ role: "user", content: "What is 6 × 7?" }, { role: "assistant", content: k === 0 ? "42" : "41" }],
        metadata: { rewards: { accuracy_reward: k === 0 ? 1 : 0, format_reward: 0.5 }, advantage, solution: "<b>42</b>" },
      })),
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
});

const grid = (page: Page) => page.getByRole("grid", { name: "Rollouts" });

test("the viewer lists a rollout's values; one opens as a browser column that can be filtered", async ({ page }) => {
  await page.goto(`/rollouts/${P}-r0`);
  const values = page.getByRole("region", { name: "Trainer's values" });
  await expect(values.getByRole("row", { name: "advantage 0.87" })).toBeVisible();
  await expect(values.getByRole("row", { name: "rewards.accuracy_reward 1" })).toBeVisible();
  await expect(values.getByRole("row", { name: "rewards.format_reward 0.5" })).toBeVisible();
  // Text stays text: the extra column's markup is shown, not rendered.
  await values.getByText("All metadata").click();
  await expect(values.getByLabel("Rollout metadata")).toContainText('"solution": "<b>42</b>"');

  await values.getByRole("link", { name: "advantage" }).click();
  await expect(page).toHaveURL(/\/trajectories\?experiment=e2e-values-exp&run=e2e-values-run&value=advantage$/);
  await expect(grid(page).getByRole("columnheader", { name: "advantage" })).toBeVisible();
  await expect(grid(page).getByRole("row", { name: /e2e-values-r0/ })).toContainText("0.87");
  await expect(grid(page).getByRole("row", { name: /e2e-values-r/ })).toHaveCount(4);

  const filters = page.getByRole("search", { name: "Filter rollouts" });
  await filters.getByLabel("Value at least").fill("0");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/value=advantage&value_min=0$/);
  await expect(grid(page).getByRole("row", { name: /e2e-values-r/ })).toHaveCount(1);
  await expect(grid(page).getByRole("row", { name: /e2e-values-r0/ })).toContainText("0.87");
});
