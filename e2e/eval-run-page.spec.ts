// Issue 40 item 6: an evaluation run's page shows its pass@1 with the interval over tasks, per cell it evaluated
// (the reported figure when the evaluator sent only that), and opens that cell selected in the experiment's matrix.
import { test, expect, bearer } from "./fixtures";

const P = "e2e-evalrun";
const TASKS = ["t0", "t1", "t2", "t3"].map((t) => `${P}-${t}`);
const SOLVED = [[TASKS[0], TASKS[1]], [TASKS[0]]];

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      { type: "experiment", id: `${P}-exp`, name: "E2E eval run page", method: "harnessadapt-rl" },
      { type: "run", id: `${P}-run`, experiment: `${P}-exp`, kind: "eval", status: "finished", name: "eval 40" },
      { type: "harness_version", id: `${P}-h0`, experiment: `${P}-exp`, label: "H0", files: [] },
      { type: "checkpoint", id: `${P}-c40`, experiment: `${P}-exp`, role: "policy", name: "step 40", step: 40 },
      ...TASKS.map((t) => ({ type: "task", id: t, key: t, benchmark: "mini-verified" })),
      ...SOLVED.map((solved, repeat) => ({
        type: "eval_result", id: `${P}-e${repeat}`, experiment: `${P}-exp`, run: `${P}-run`, checkpoint: `${P}-c40`, harness_version: `${P}-h0`,
        benchmark: "mini-verified", repeat, results: TASKS.map((task) => ({ task, success: solved.includes(task) })),
      })),
      { type: "eval_result", id: `${P}-summary`, experiment: `${P}-exp`, run: `${P}-run`, checkpoint: `${P}-c40`, benchmark: "held-out", reported: { "pass@1": 0.425 } },
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
});

test("an evaluation run shows its pass@1 with interval and opens its matrix cell", async ({ page }) => {
  await page.goto(`/runs/${P}-run`);
  await expect(page.getByRole("heading", { level: 1, name: "eval 40" })).toBeVisible();
  const results = page.getByRole("region", { name: "Evaluation results" });
  // p̂ per task 1, 0.5, 0, 0: pass@1 37.5 %, ±1.96·sd/√4.
  const cell = results.getByRole("row", { name: /^mini-verified step 40 H0/ });
  await expect(cell).toContainText("37.5 [0.0, 84.4]");
  await expect(cell).toContainText("4 tasks × 2 repeats");
  await expect(results.getByRole("row", { name: /^held-out/ })).toContainText("42.5 (reported, no interval)");
  await cell.getByRole("link", { name: "open its cell" }).click();
  await expect(page).toHaveURL(/\/experiments\/e2e-evalrun-exp\/compare\?preset=full&a=/);
  await expect(page.getByRole("status").filter({ hasText: "A: " })).toContainText("Now select B.");
});
