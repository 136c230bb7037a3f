// Issue 18's reproductions of tables that did not fit, each against its own data: a proposal's per-task table
// with long harness labels (its Task column was crushed to ≈ 50 px, 46 rows ≈ 12,000 px), the trajectory table
// with a search (Outcome, Reward, Turns and Exit were pushed off-screen; on a phone only the id showed), the
// experiment name repeated on every row of a one-experiment view, the viewer's "Compare with…" (same-group
// rollouts came after other experiments'), and the phone's sticky header.
import { test, expect, bearer } from "./fixtures";

const P = "e2e-fit";
const enc = encodeURIComponent;
const EXP = `${P}:exp`;
const OTHER_EXP = `${P}:other exp`;
const RUN = `${P}:run`;
const PROP = `${P}:prop`;
const TASKS = 46;
const K = 4;
const LONG_LABEL = "H1 + run_related_tests + report_failures_before_submit";
const taskKey = (t: number) => `astropy__astropy-${13000 + t}`;
const taskId = (t: number) => `${P}:task/${t}`;
const POPOVER_TASK = `${P}:task/popover`;
const WORD = "quetzalcoatl";

function comparisonEvents() {
  const rollouts = (["base", "candidate"] as const).flatMap((side) =>
    Array.from({ length: TASKS }, (_, t) =>
      Array.from({ length: K }, (_, k) => ({
        type: "rollout", id: `${P}:${side}/t${t}/k${k}`, experiment: EXP, run: RUN, task: taskId(t),
        harness_version: side === "base" ? `${P}:h0` : `${P}:h1`, purpose: "comparison", epoch: 1,
        group: `${P}:${side}/t${t}`, sample_index: k, success: (t + k) % 3 === 0, reward: (t + k) % 3 === 0 ? 1 : 0, truncated: false,
        exit_status: "submitted", turns: [{ role: "assistant", content: `attempt ${k}` }, { role: "tool", content: "run tests", observation: `${WORD} not installed` }],
      })),
    ).flat(),
  );
  return [
    { type: "experiment", id: EXP, name: "Fit check: HarnessAdapt on SWE-bench Verified", method: "harnessadapt-rl" },
    { type: "experiment", id: OTHER_EXP, name: "Fit check: another experiment", method: "grpo" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "finished", name: "fit run" },
    { type: "run", id: `${P}:other run`, experiment: OTHER_EXP, kind: "train", status: "finished", name: "other run" },
    { type: "harness_version", id: `${P}:h0`, experiment: EXP, label: "H0", files: [] },
    { type: "harness_version", id: `${P}:h1`, experiment: EXP, label: LONG_LABEL, parent: `${P}:h0`, files: [] },
    ...Array.from({ length: TASKS }, (_, t) => ({ type: "task", id: taskId(t), key: taskKey(t), benchmark: "swe-bench-verified" })),
    { type: "task", id: POPOVER_TASK, key: "django__django-11099", benchmark: "swe-bench-verified" },
    ...rollouts,
    { type: "proposal", id: PROP, experiment: EXP, kind: "tool_hook", title: "Run related tests before submitting", base: `${P}:h0`, candidate: `${P}:h1` },
    { type: "comparison", id: `${P}:cmp`, proposal: PROP, run: RUN, rollouts_per_task: K,
      base_rollouts: rollouts.filter((r) => r.harness_version === `${P}:h0`).map((r) => r.id),
      candidate_rollouts: rollouts.filter((r) => r.harness_version === `${P}:h1`).map((r) => r.id) },
  ];
}

const popoverRollout = (id: string, experiment: string, run: string, group: string, success: boolean) => ({
  type: "rollout", id, experiment, run, task: POPOVER_TASK, harness_version: experiment === EXP ? `${P}:h0` : undefined,
  purpose: "train", step: 3, group, success, reward: success ? 1 : 0, truncated: false, exit_status: "submitted",
  turns: [{ role: "assistant", content: "look" }],
});

test.beforeAll(async ({ request, server }) => {
  const post = async (data: unknown[]) => {
    const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data });
    expect(res.status(), await res.text()).toBe(200);
  };
  await post(comparisonEvents());
  // The popover's task: this rollout and a sibling of its GRPO group first, another experiment's rollout last (and newest).
  await post([
    popoverRollout(`${P}:pop/a-this`, EXP, RUN, `${P}:g1`, true),
    popoverRollout(`${P}:pop/b-sibling`, EXP, RUN, `${P}:g1`, false),
    popoverRollout(`${P}:pop/c-same-run`, EXP, RUN, `${P}:g2`, false),
  ]);
  await post([popoverRollout(`${P}:pop/z-other-experiment`, OTHER_EXP, `${P}:other run`, `${P}:g9`, true)]);
});

test.describe("at 1440×900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the per-task table gives Task a readable width and its 46 rows a sensible height", async ({ page }) => {
    await page.goto(`/proposals/${enc(PROP)}`);
    const panel = page.getByRole("region", { name: "Comparison" });
    await panel.getByText(`Per-task results (${TASKS} tasks)`).click();
    const table = panel.getByRole("table", { name: /^Per task/ });
    const task = table.getByRole("rowheader").filter({ hasText: taskKey(40) });
    await expect(task).toBeVisible();
    const header = await table.getByRole("columnheader", { name: "Task" }).boundingBox();
    expect(header!.width, "the Task column's width").toBeGreaterThanOrEqual(120);
    // The key is on one line (or cut with an ellipsis), not broken letter by letter.
    const cell = await task.boundingBox();
    expect(cell!.height, "a task row's height").toBeLessThan(90);
    const body = await table.locator("tbody").boundingBox();
    expect(body!.height, "46 rows").toBeLessThan(TASKS * 90);
    // The rollout links stay reachable.
    await expect(table.getByRole("link", { name: `candidate rollout 1 of ${taskKey(40)}: failure` })).toBeAttached();
  });

  test("with a search, Outcome, Reward, Turns and Exit stay in view next to the Match column", async ({ page }) => {
    await page.goto(`/trajectories?q=${WORD}`);
    const grid = page.getByRole("grid", { name: "Rollouts" });
    await expect(grid.getByRole("columnheader", { name: "Match" })).toBeVisible();
    for (const name of ["Outcome", "Reward", "Turns", "Exit"]) {
      await expect(grid.getByRole("columnheader", { name: new RegExp(`^${name}`) }), name).toBeInViewport({ ratio: 1 });
    }
  });

  test("without a search every column of the trajectory list is in view, no sideways scroll (issue 40)", async ({ page }) => {
    await page.goto("/trajectories");
    const grid = page.getByRole("grid", { name: "Rollouts" });
    for (const name of ["Rollout", "Task", "Outcome", "Reward", "Turns", "Exit", "Experiment · run", "Purpose", "Step", "Tokens", "Cost", "Duration", "Stored"]) {
      await expect(grid.getByRole("columnheader", { name: new RegExp(`^${name}`) }), name).toBeInViewport({ ratio: 1 });
    }
  });

  test("filtered to one experiment, the table does not repeat the experiment's name on every row", async ({ page }) => {
    await page.goto(`/trajectories?experiment=${enc(EXP)}`);
    const grid = page.getByRole("grid", { name: "Rollouts" });
    await expect(grid.getByRole("columnheader", { name: "Run" })).toBeVisible();
    await expect(grid.getByRole("columnheader", { name: "Experiment · run" })).toHaveCount(0);
    await expect(grid.getByRole("cell", { name: /^Fit check: HarnessAdapt/ })).toHaveCount(0);
  });

  test("Compare with… lists the same group first, other experiments last, each row compact with its links in view", async ({ page }) => {
    await page.goto(`/rollouts/${enc(`${P}:pop/a-this`)}`);
    await page.getByRole("button", { name: "Compare with… (3)" }).click();
    const links = page.locator("#compare-with-list").getByRole("link", { name: /^Compare with / });
    await expect(links).toHaveText(["Compare", "Compare", "Compare"]);
    const order = await links.evaluateAll((as) => as.map((a) => a.getAttribute("aria-label")));
    expect(order).toEqual([`Compare with ${P}:pop/b-sibling`, `Compare with ${P}:pop/c-same-run`, `Compare with ${P}:pop/z-other-experiment`]);
    const first = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Compare with ${P}:pop/b-sibling` }) });
    await expect(first.getByRole("link", { name: `Compare with ${P}:pop/b-sibling` })).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole("link", { name: `Open ${P}:pop/b-sibling` })).toBeInViewport({ ratio: 1 });
    expect((await first.boundingBox())!.height, "a row's height").toBeLessThan(80);
  });
});

test.describe("at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a phone sees each rollout's outcome and reward, not only its id, and can show every column", async ({ page }) => {
    await page.goto(`/trajectories?q=${WORD}`);
    const grid = page.getByRole("grid", { name: "Rollouts" });
    await expect(grid.getByRole("columnheader", { name: "Rollout" })).toBeInViewport({ ratio: 1 });
    await expect(grid.getByRole("columnheader", { name: "Outcome" })).toBeInViewport({ ratio: 1 });
    await expect(grid.getByRole("columnheader", { name: /^Reward/ })).toBeInViewport({ ratio: 1 });
    await page.getByLabel("Show all columns").check();
    await expect(grid.getByRole("columnheader", { name: "Match" })).toBeVisible();
  });

  test("the proposal page is no wider than the phone, and the header does not stay over a third of the screen", async ({ page }) => {
    await page.goto(`/proposals/${enc(PROP)}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const header = await page.getByRole("banner").first().boundingBox();
    const covered = header ? Math.max(0, header.y + header.height) : 0;
    expect(covered, "pixels of the screen the header covers once scrolled").toBeLessThanOrEqual(64);
  });
});
