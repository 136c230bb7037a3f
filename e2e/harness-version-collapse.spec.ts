// Issue 38, item 7 and issue 40, item 5, sent as a trainer would: epoch 1 accepts nothing, so the trainer records
// H1 with H0's files ("no proposal was accepted in epoch 1: the same files as H0"); epoch 2's candidate
// "H1+refuse_unhelpful_edit" is approved — the experiment's first promotion, which the store numbers H1 — and the
// trainer records its files again as H2. Every version is evaluated on one checkpoint; identical files score
// identical figures (shared streams). Before: the matrix repeated H0's figures in a row per label, the history
// offered an empty "Diff against parent" for H1, home said "H1 promoted to incumbent" (another version's label),
// and the proposal's diff was headed "From the incumbent to the candidate" while showing the old base.
import type { Page } from "@playwright/test";
import { experimentComparePath, experimentPath, harnessHistoryPath, proposalPath } from "../lib/http/page-links";
import { matrixHref } from "../lib/results/matrix-params";
import { test, expect, bearer } from "./fixtures";

const P = "e2e-collapse";
const EXP = `${P}-exp`;
const NAME = "E2E identical harness versions";
const IDS = { h0: `${P}-H0`, h1: `${P}-H1`, cand: `${P}-e2-r0-candidate`, h2: `${P}-H2`, proposal: `${P}-e2-r0-proposal`, ck: `${P}-ck6` };
const CAND = "H1+refuse_unhelpful_edit";
const BASE_FILES = [{ path: "tools/view.sh", kind: "tool", content: "cat -n \"$1\"" }];
const EVOLVED_FILES = [...BASE_FILES, { path: "hooks/refuse_unhelpful_edit.py", kind: "hook", hook_position: "pre_action", content: "def hook(ctx):\n    return None\n" }];
const TASKS = 8;

function events() {
  const evaluation = (version: string, solved: (t: number) => boolean) => ({
    type: "eval_result", id: `${version}-eval`, experiment: EXP, run: `${P}-eval`, checkpoint: IDS.ck, harness_version: version, benchmark: "mini-verified", repeat: 0,
    results: Array.from({ length: TASKS }, (_, t) => ({ task: `${P}-t${t}`, success: solved(t) })),
  });
  const base = (t: number) => t === 0;
  const evolved = (t: number) => t < 3;
  return [
    { type: "experiment", id: EXP, name: NAME, method: "harnessadapt-rl" },
    { type: "run", id: `${P}-train`, experiment: EXP, kind: "train", status: "finished" },
    { type: "run", id: `${P}-eval`, experiment: EXP, kind: "eval", status: "finished" },
    ...Array.from({ length: TASKS }, (_, t) => ({ type: "task", id: `${P}-t${t}`, key: `${P}-t${t}`, benchmark: "mini-verified" })),
    { type: "checkpoint", id: IDS.ck, experiment: EXP, role: "policy", name: "step 6", step: 6 },
    { type: "harness_version", id: IDS.h0, experiment: EXP, label: "H0", origin: "initial", files: BASE_FILES },
    { type: "harness_version", id: IDS.h1, experiment: EXP, label: "H1", parent: IDS.h0, origin: "manual", description: "no proposal was accepted in epoch 1: the same files as H0", files: BASE_FILES },
    { type: "evolution_round", id: `${P}-e2-r0`, experiment: EXP, run: `${P}-train`, epoch: 2, index: 0, incumbent: IDS.h1 },
    { type: "harness_version", id: IDS.cand, experiment: EXP, label: CAND, parent: IDS.h1, origin: "proposal", origin_proposal: IDS.proposal, files: EVOLVED_FILES },
    { type: "proposal", id: IDS.proposal, experiment: EXP, round: `${P}-e2-r0`, kind: "tool_hook", title: "Refuse unhelpful edits", base: IDS.h1, candidate: IDS.cand },
    { type: "decision", id: `${IDS.proposal}-decision`, proposal: IDS.proposal, verdict: "accept", actor: "acceptance-rule", reason: "pass rate up" },
    { type: "harness_version", id: IDS.h2, experiment: EXP, label: "H2", parent: IDS.h1, origin: "proposal", origin_proposal: IDS.proposal, files: EVOLVED_FILES },
    evaluation(IDS.h0, base),
    evaluation(IDS.h1, base),
    evaluation(IDS.cand, evolved),
    evaluation(IDS.h2, evolved),
  ];
}

test.beforeAll(async ({ server, request }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

const matrix = (page: Page) => page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: /^Average/ }) });

test("the matrix shows versions with the same files and figures once, named by all their labels", async ({ page }) => {
  await page.goto(experimentComparePath(EXP));
  const headers = matrix(page).getByRole("rowheader");
  await expect(headers).toHaveCount(2);
  await expect(headers.nth(0)).toContainText("H0 = H1 (same files)");
  await expect(headers.nth(1)).toContainText(`${CAND} = H2 (same files)`);
  // The figures once per row: H0's 1 of 8, and the approved candidate's 3 of 8 with its Δ against H0.
  const cells = (n: number) => matrix(page).getByRole("row").nth(n + 1).getByRole("cell");
  await expect(cells(0).first()).toContainText("12.5 [");
  await expect(cells(0).first()).toContainText("baseline");
  await expect(cells(1).first()).toContainText("37.5 [");
  await expect(cells(1).first()).toContainText("Δ +25.0 pp");
  await expect(matrix(page).getByRole("rowheader", { name: /^H1(?!\+)/ })).toHaveCount(0);
});

test("a folded version's cell opened from elsewhere (an eval run's \"open its cell\") is marked on the row standing for it", async ({ page }) => {
  const h1Cell = { experimentId: EXP, checkpointId: IDS.ck, harnessVersionId: IDS.h1, benchmark: "mini-verified" };
  await page.goto(matrixHref(experimentComparePath(EXP), { preset: "full", a: h1Cell }));
  const folded = matrix(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: /H0 = H1 \(same files\)/ }) });
  const cell = folded.getByRole("cell").first();
  await expect(cell.getByText("A", { exact: true })).toBeVisible();
  await expect(cell.getByRole("link", { name: /as A$/ })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "A: " })).toContainText("Now select B.");
});

test("the overview's pass@1 chart draws identical versions as one line named by all of them", async ({ page }) => {
  await page.goto(experimentPath(EXP));
  const section = page.getByRole("region", { name: "pass@1 over checkpoints" });
  await expect(section.getByRole("group", { name: `pass@1 on mini-verified by step: H0 = H1 (same files) (1 point), ${CAND} = H2 (same files) (1 point).`, exact: false })).toBeVisible();
  // The legend under the chart names the folded line the same way.
  await expect(section.getByRole("listitem").filter({ hasText: /^H0 = H1 \(same files\): / }).first()).toBeVisible();
});

test("the history shows H1 as H0's files without a diff", async ({ page }) => {
  await page.goto(harnessHistoryPath(EXP));
  await expect(page.getByRole("list", { name: "Lineage of the incumbent" }).getByRole("listitem")).toHaveText(["H0 = H1", /^H1\+refuse_unhelpful_edit = H2\s*incumbent$/]);
  const h1 = page.getByRole("group", { name: "Harness version H1", exact: true });
  await expect(h1.getByLabel("Naming notes")).toContainText("same files as H0");
  await expect(h1).toContainText("same files as H0: no diff");
  await expect(h1.getByRole("link", { name: "Diff against parent" })).toHaveCount(0);
  // The candidate, whose files differ from its parent's, keeps its diff.
  await expect(page.getByRole("group", { name: `Harness version ${CAND}`, exact: true }).getByRole("link", { name: "Diff against parent" })).toBeVisible();
});

test("home, the overview and the proposal name the promoted version by its own label; the diff by both labels", async ({ page }) => {
  await page.goto("/");
  const promotion = page.getByRole("list", { name: "Latest promotions" }).getByRole("listitem").filter({ hasText: NAME });
  await expect(promotion).toContainText(`promoted to incumbent ${CAND} (numbered H1 in promotion order)`);
  await expect(promotion).not.toContainText("H1 promoted");

  await page.goto(experimentPath(EXP));
  const versions = page.getByRole("region", { name: "Harness versions" });
  await expect(versions).toContainText(`The incumbent is ${CAND} (promoted as incumbent H1).`);
  await expect(versions.getByLabel("Lineage of the incumbent")).toHaveText(`H0 = H1 → ${CAND} = H2`);

  await page.goto(proposalPath(IDS.proposal));
  const diff = page.getByRole("region", { name: `H1 → ${CAND}` });
  await expect(diff).toBeVisible();
  await expect(diff).toContainText(`The proposal's base H1 to its candidate ${CAND}; the candidate is now the incumbent (${CAND} (numbered H1 in promotion order)).`);
  await expect(page.getByText("From the incumbent")).toHaveCount(0);
});

test("an experiment whose harness never changed says so plainly on its overview", async ({ page, request, server }) => {
  const X = `${P}-still`;
  const res = await request.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      { type: "experiment", id: X, name: "E2E nothing evolved", method: "harnessadapt-rl" },
      { type: "harness_version", id: `${X}-h0`, experiment: X, label: "H0", origin: "initial", files: BASE_FILES },
      { type: "harness_version", id: `${X}-h1`, experiment: X, label: "H1", parent: `${X}-h0`, origin: "manual", description: "nothing accepted in epoch 1", files: BASE_FILES },
      { type: "harness_version", id: `${X}-cand`, experiment: X, label: "H1+stall_recovery", parent: `${X}-h1`, origin: "proposal", files: EVOLVED_FILES },
      { type: "proposal", id: `${X}-prop`, experiment: X, kind: "tool_hook", title: "Recover from stalls", base: `${X}-h1`, candidate: `${X}-cand` },
      { type: "decision", id: `${X}-dec`, proposal: `${X}-prop`, verdict: "reject", actor: "acceptance-rule", reason: "trainable rate down" },
      { type: "harness_version", id: `${X}-h2`, experiment: X, label: "H2", parent: `${X}-h1`, origin: "manual", description: "nothing accepted in epoch 2", files: BASE_FILES },
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(experimentPath(X));
  const versions = page.getByRole("region", { name: "Harness versions" });
  await expect(versions.getByLabel("Lineage of the incumbent")).toHaveText("H0 = H1 = H2");
  await expect(versions).toContainText("No harness changed in this experiment: the incumbent holds the initial version's files.");
  // Where a change was accepted (the experiment above), it is not said.
  await page.goto(experimentPath(EXP));
  await expect(page.getByRole("region", { name: "Harness versions" })).not.toContainText("No harness changed");
});
