// The evaluation matrix (issue 6, part 2) on the reference experiment and on hand-made events:
// - one experiment's matrix (Table 2: H0/H1/H2 on its final checkpoint) shows the three benchmarks with
//   pass@1 and its interval over tasks in every cell;
// - the Table 1 preset sets HarnessAdapt-RL beside GRPO, each at its final checkpoint under a named harness;
// - two selected cells list the flipped tasks, whose links open the right trajectories;
// - with one attempt per task and known discordant counts (b = 1, c = 9), McNemar's p = 0.0215;
// - bad parameters give a note naming them.
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiments, REFERENCE, REFERENCE_EVOLVED } from "./reference-experiment";
import type { Page } from "@playwright/test";

const enc = encodeURIComponent;
const BENCHMARKS = ["mini-verified", "mini-multilingual", "mini-pro"];
/** "2.8 [0.0, 8.2]": pass@1 % with its 95 % interval. */
const WITH_INTERVAL = /\d+\.\d \[\d+\.\d, \d+\.\d\]/;

const P = "e2e-mx";
const EXP = `${P}:exp`;
const BENCH = `${P}-bench`;
const OTHER_BENCH = `${P}-summary`;
const H0 = `${P}:H0`;
const H1 = `${P}:H1`;
const CK = `${P}:ck`;

/** 20 tasks, one attempt each. A (H0) and B (H1): 9 rescued, 1 regressed, 4 solved by both, 6 failed by both. */
function fixtureEvents() {
  const a = (t: number) => t === 9 || (t >= 10 && t < 14);
  const b = (t: number) => t < 9 || (t >= 10 && t < 14);
  const tasks = Array.from({ length: 20 }, (_, t) => t);
  const side = (harness: string, label: string, solved: (t: number) => boolean) => [
    ...tasks.map((t) => ({
      type: "rollout", id: `${P}:${label}-t${t}`, experiment: EXP, run: `${P}:eval`, task: `${P}:task-${t}`, harness_version: harness, checkpoint: CK,
      purpose: "eval", success: solved(t), reward: solved(t) ? 1 : 0, turns: [{ role: "assistant", content: `${label} attempt at task ${t}` }],
    })),
    { type: "eval_result", id: `${P}:eval-${label}`, experiment: EXP, run: `${P}:eval`, checkpoint: CK, harness_version: harness, benchmark: BENCH, repeat: 0,
      results: tasks.map((t) => ({ task: `${P}:task-${t}`, success: solved(t), rollout: `${P}:${label}-t${t}` })) },
  ];
  return [
    { type: "experiment", id: EXP, name: "E2E evaluation matrix", method: "harnessadapt-rl" },
    { type: "run", id: `${P}:eval`, experiment: EXP, kind: "eval", status: "finished" },
    { type: "harness_version", id: H0, experiment: EXP, label: "H0", origin: "initial", files: [] },
    { type: "harness_version", id: H1, experiment: EXP, label: "H1", parent: H0, origin: "manual", files: [] },
    { type: "checkpoint", id: CK, experiment: EXP, role: "policy", name: "checkpoint 45", step: 45 },
    ...tasks.map((t) => ({ type: "task", id: `${P}:task-${t}`, key: `mx-task-${String(t).padStart(2, "0")}`, benchmark: BENCH })),
    ...side(H0, "A", a),
    ...side(H1, "B", b),
    { type: "eval_result", id: `${P}:eval-summary`, experiment: EXP, checkpoint: CK, harness_version: H1, benchmark: OTHER_BENCH, repeat: 0,
      reported: { "pass@1": 0.55, total_instances: 40 } },
  ];
}

const matrix = (page: Page) => page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: /^Average/ }) });
const matrixRow = (page: Page, header: string | RegExp) =>
  matrix(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: header }) });

test.describe("evaluation matrix", () => {
  test.beforeAll(async ({ server, request }) => {
    test.setTimeout(120_000);
    await ensureReferenceExperiments(server, REFERENCE, REFERENCE_EVOLVED);
    const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: fixtureEvents() });
    expect(res.status(), await res.text()).toBe(200);
  });

  test("one experiment: H0, H1 and H2 on its final checkpoint, three benchmarks with intervals", async ({ page }) => {
    await page.goto(`/experiments/${enc(REFERENCE.harnessAdapt)}/compare`);
    await expect(page.getByRole("link", { name: "Evaluation matrix" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: /Harness swap on one checkpoint/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Checkpoint")).toHaveValue(`${REFERENCE.harnessAdapt}-ckpt-step6`);
    const headers = matrix(page).getByRole("columnheader");
    await expect(headers).toHaveText(["Row", ...BENCHMARKS, /^Average \(equal-weight mean of 3 benchmarks\)/]);
    // Every version has a row — versions holding the same files with the same figures share one, headed
    // "H0 = H1 (same files)" (issue 38, item 7; e2e/harness-version-collapse.spec.ts) — and each row's cells
    // carry an interval over tasks.
    const rowHeaders = matrix(page).getByRole("rowheader");
    await expect(rowHeaders.first()).toContainText(/^H0/);
    const names = (await rowHeaders.allTextContents()).map((t) => t.replace(/\s*\(same files[^)]*\).*$/, "").replace(/step \d+.*$/, "").trim());
    expect(names.flatMap((n) => n.split(" = ")).sort()).toEqual(["H0", "H1", "H2"]);
    for (const name of names) {
      const cells = matrixRow(page, new RegExp(`^${name.replace(/[+]/g, "\\+")}`)).getByRole("cell");
      await expect(cells).toHaveCount(4);
      for (let i = 0; i < 3; i++) {
        await expect(cells.nth(i), `${name} ${BENCHMARKS[i]}`).toContainText(WITH_INTERVAL);
        await expect(cells.nth(i)).toContainText("12 tasks × 3 repeats");
      }
    }
    // H0's row is the default baseline.
    await expect(matrixRow(page, /^H0/).getByRole("cell").first()).toContainText("baseline");
    await expect(page.getByRole("button", { name: "Copy CSV" }).first()).toBeVisible();
  });

  test("Table 1 across HarnessAdapt-RL and GRPO, with the harness rule explicit and changeable", async ({ page }) => {
    await page.goto(`/compare?experiments=${enc(REFERENCE.harnessAdapt)},${enc(REFERENCE.grpo)}&preset=methods`);
    await expect(page.getByRole("link", { name: "training curves overlaid" })).toHaveAttribute("href", "/compare/curves");
    await expect(page.getByRole("link", { name: "cost side by side" })).toHaveAttribute("href", `/compare/cost?experiments=${enc(REFERENCE.harnessAdapt)},${enc(REFERENCE.grpo)}`);
    await expect(page.getByRole("link", { name: /Methods × benchmarks/ })).toHaveAttribute("aria-current", "page");
    const rows = matrix(page).getByRole("rowheader");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(/HarnessAdapt-RL.*harnessadapt-rl · step 6 · H2.*final evaluated checkpoint; the harness evaluated last/);
    await expect(rows.nth(1)).toContainText(/GRPO.*grpo · step 6 · H0/);
    await expect(matrix(page).getByRole("columnheader")).toHaveText(["Row", ...BENCHMARKS, /^Average/]);
    for (let r = 0; r < 2; r++) {
      for (let i = 0; i < 4; i++) await expect(matrix(page).getByRole("row").nth(r + 1).getByRole("cell").nth(i)).toContainText(WITH_INTERVAL);
    }
    // The initial harness instead: HarnessAdapt-RL's row becomes H0, and the URL says so.
    await page.getByLabel(/under$/).selectOption("initial");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/harness=initial/);
    await expect(rows.nth(0)).toContainText("harnessadapt-rl · step 6 · H0");
  });

  test("two selected cells list the flipped tasks, whose links open the right trajectories", async ({ page }) => {
    // The seed whose harness really changed: H2 holds hooks H0 lacks, so tasks flip between them.
    await page.goto(`/experiments/${enc(REFERENCE_EVOLVED.harnessAdapt)}/compare`);
    await page.getByRole("link", { name: "Select step 6 · H0 · mini-verified as A" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Now select B" })).toBeVisible();
    await page.getByRole("link", { name: "Select step 6 · H2 · mini-verified as B" }).click();
    await expect(page).toHaveURL(/[?&]a=.*&b=/);
    const flips = page.getByRole("region", { name: "Flips from A to B" });
    await expect(flips).toContainText(/12 shared: \d+ rescued, \d+ regressed/);
    const [, rescuedCount, regressedCount] = (await flips.textContent())!.match(/12 shared: (\d+) rescued, (\d+) regressed/)!.map(Number);
    await expect(flips).toContainText("McNemar's exact test is not shown: it needs exactly one attempt per task on each side, and A has up to 3, B up to 3");
    await expect(flips).toContainText(/Paired Δ \(B − A\)\s*([+−]\d+\.\d|0\.0) pp/);
    const table = flips.getByRole("table", { name: "Flipped tasks" });
    const rescued = table.getByRole("row").filter({ hasText: "rescued" });
    expect(rescuedCount, "seed 2's H2 rescues at least one task H0 missed").toBeGreaterThan(0);
    await expect(rescued).toHaveCount(rescuedCount);
    const regressed = table.getByRole("row").filter({ hasText: "regressed" });
    await expect(regressed).toHaveCount(regressedCount);

    // The solved B attempt of a rescued task is H2's trajectory of that very task.
    const taskKey = (await rescued.first().getByRole("rowheader").getByRole("link").textContent())!.trim();
    const solvedBs = rescued.first().getByRole("link", { name: new RegExp(`^B repeat \\d \\(solved\\) of ${taskKey.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`) });
    await expect(solvedBs.first()).toBeVisible();
    const solvedB = solvedBs.first();
    const href = (await solvedB.getAttribute("href"))!;
    expect(decodeURIComponent(href)).toMatch(new RegExp(`^/rollouts/${REFERENCE_EVOLVED.harnessAdapt}-eval-H2-mini-verified-r\\d-t\\d+$`));
    await solvedB.click();
    await expect(page.getByRole("heading", { level: 1, name: taskKey })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(decodeURIComponent(href).slice("/rollouts/".length));
    await expect(page.getByLabel("Where this rollout belongs")).toContainText(/Harness version\s*H2/);
  });

  test("one attempt per task: McNemar's exact test with b = 1, c = 9, and side-by-side links", async ({ page }) => {
    await page.goto(`/experiments/${enc(EXP)}/compare`);
    await expect(matrixRow(page, /^H0/).getByRole("cell").first()).toContainText("20 tasks × 1 repeat");
    // The summary-only cell shows its reported number, and says what it lacks.
    const summary = matrixRow(page, /^H1/).getByRole("cell").nth(1);
    await expect(summary).toContainText("55.0");
    await expect(summary).toContainText("summary only: no interval, no per-task view");
    await expect(page.getByRole("region", { name: "Summary-only evaluation runs" })).toContainText("pass@1=0.55; total_instances=40");

    await page.getByRole("link", { name: `Select checkpoint 45 · H0 · ${BENCH} as A` }).click();
    // Each pick is a navigation: wait for it to land before picking the next cell.
    await expect(page.getByRole("status").filter({ hasText: "Now select B" })).toBeVisible();
    await page.getByRole("link", { name: `Select checkpoint 45 · H1 · ${BENCH} as B` }).click();
    const flips = page.getByRole("region", { name: "Flips from A to B" });
    await expect(flips).toContainText("20 shared: 9 rescued, 1 regressed, 4 solved by both, 6 failed by both");
    await expect(flips).toContainText("b = 1 regressed, c = 9 rescued, p = 0.0215");
    await expect(flips).toContainText(/\+40\.0 pp/);
    const row = flips.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "mx-task-09" }) });
    await expect(row).toContainText("regressed");
    await expect(row.getByRole("link", { name: "Compare A and B on mx-task-09" }))
      .toHaveAttribute("href", `/rollouts/compare?left=${enc(`${P}:A-t9`)}&right=${enc(`${P}:B-t9`)}`);
    await row.getByRole("link", { name: "A repeat 0 (solved) of mx-task-09" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "mx-task-09" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(`${P}:A-t9`);
  });

  test("bad parameters give a note naming them, and the page still answers", async ({ page }) => {
    const res = await page.goto(`/experiments/${enc(EXP)}/compare?preset=table9&a=nonsense&checkpoint=nope&harness=best`);
    expect(res?.status()).toBe(200);
    const note = page.getByRole("note").filter({ hasText: "Not applied" });
    await expect(note).toContainText("preset: one of methods, harness-swap, full");
    await expect(note).toContainText("harness: one of latest, incumbent, initial");
    await expect(note).toContainText("a: not a matrix cell");
    await expect(note).toContainText('checkpoint: "nope" is not an evaluated checkpoint of this experiment');
    await expect(matrix(page).getByRole("rowheader")).toHaveCount(2);

    await page.goto(`/compare?experiments=${enc(EXP)},ghost-experiment&b=${enc("x~y~z~w")}`);
    const crossNote = page.getByRole("note").filter({ hasText: "Not applied" });
    await expect(crossNote).toContainText('experiments: no experiment "ghost-experiment"');
    await expect(crossNote).toContainText("b: no evaluation results for that cell here");
  });
});
