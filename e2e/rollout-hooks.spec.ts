// Hook messages in the trajectory viewer (issue 18, item 6): a hook injected into the task turn, which starts
// collapsed, must not hide behind a "1 hook" badge. Its message shows under the collapsed turn's summary; and
// a rollout opened from the browser's "hook fired at" filter opens that turn, scrolls to it and marks the hook.
import type { Page } from "@playwright/test";
import { test, expect, bearer } from "./fixtures";

const EXP = "rhk:exp 1";
const ROLLOUT = "rhk-rollout-1";
const HOOK_TEXT = "Repository map: src/core/ holds the parser, tests/ holds its suite";

/** A rollout whose episode_init hook sits in the task turn, behind enough turns that it is not the first thing seen. */
function events() {
  return [
    { type: "experiment", id: EXP, name: "Hook viewer spec experiment", method: "grpo" },
    { type: "run", id: "rhk-run", experiment: EXP, kind: "train", status: "finished" },
    { type: "task", id: "rhk:task 1", key: "rhk__parser-1", benchmark: "rhk-bench" },
    {
      type: "rollout", id: ROLLOUT, experiment: EXP, run: "rhk-run", task: "rhk:task 1", purpose: "train", step: 3,
      reward: 0, success: false, truncated: false,
      turns: [
        { role: "system", content: "You are a careful software engineer. ".repeat(40) },
        {
          role: "user", content: "Fix the parser so that nested brackets are accepted. ".repeat(30),
          hooks: [{ position: "episode_init", hook: "repo_map", effect: "inject", message: HOOK_TEXT }],
        },
        ...Array.from({ length: 12 }, (_, i) => [
          { role: "assistant", content: `step ${i}: look at the next file`, action: { command: `cat src/core/file_${i}.py` } },
          { role: "tool", content: `contents of file ${i}`, observation: `def f_${i}():\n    return ${i}\n`.repeat(6) },
        ]).flat(),
      ],
    },
    {
      type: "rollout", id: "rhk-rollout-2", experiment: EXP, run: "rhk-run", task: "rhk:task 1", purpose: "train", step: 4,
      reward: 1, success: true, truncated: false,
      turns: [{ role: "user", content: "Fix the parser." }, { role: "assistant", content: "done" }],
    },
  ];
}

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

const taskTurn = (page: Page) => page.getByRole("article", { name: /^Turn \d+ · Task$/ });
const hookBlock = (page: Page) => page.getByRole("complementary", { name: "Hook message at episode_init: repo_map" });

test("a hook in a collapsed turn shows its message under the turn's summary, without opening the turn", async ({ page }) => {
  await page.goto(`/rollouts/${encodeURIComponent(ROLLOUT)}`);
  const task = taskTurn(page);
  await expect(task.getByRole("button", { name: "Show" })).toHaveAttribute("aria-expanded", "false");
  await expect(task.getByText(/Task collapsed/)).toBeVisible();
  await expect(task.getByText(HOOK_TEXT)).toBeVisible();
  await expect(hookBlock(page).getByText("episode_init", { exact: true })).toBeVisible();
  // The task's own text stays folded away.
  await expect(task.getByText("Fix the parser so that nested brackets")).toHaveCount(0);
});

test("a rollout opened from the 'hook fired at' filter opens the turn holding that hook and marks the hook", async ({ page }) => {
  await page.goto(`/trajectories?experiment=${encodeURIComponent(EXP)}&hook=episode_init`);
  const grid = page.getByRole("grid", { name: "Rollouts" });
  await expect(grid.locator("tbody").getByRole("row")).toHaveCount(1);
  await grid.getByRole("link", { name: ROLLOUT }).click();

  await expect(page).toHaveURL(/\/rollouts\/[^?]+\?hook=episode_init/);
  const task = taskTurn(page);
  await expect(task.getByRole("button", { name: "Collapse" })).toHaveAttribute("aria-expanded", "true");
  await expect(task.getByText("Fix the parser so that nested brackets").first()).toBeVisible();
  const hook = hookBlock(page);
  await expect(hook).toHaveAttribute("aria-current", "true");
  await expect(hook.getByText("matches the filter")).toBeVisible();
  await expect(hook.getByText(HOOK_TEXT)).toBeInViewport();
});

test("the keyboard opens the same view: Enter on a row of a hook-filtered list carries the hook", async ({ page }) => {
  await page.goto(`/trajectories?experiment=${encodeURIComponent(EXP)}&hook=episode_init`);
  await expect(page.getByText(/^Keys: /)).toBeVisible();
  await page.keyboard.press("j");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/rollouts\/[^?]+\?hook=episode_init/);
  await expect(hookBlock(page)).toHaveAttribute("aria-current", "true");
});
