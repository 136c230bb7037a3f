// Issue 18, item 1: one naming of harness versions (lib/domain/harness-naming.ts). The reproduction, sent
// as a trainer would: epoch 1 accepts nothing, so the trainer records H1 with H0's files; epoch 2's candidate
// "H1+reproduce_first" is accepted — the experiment's first promotion, which the store numbers H1 — and the
// trainer records its files again as H2; the policy trains on H1 for steps 0–2 and on H2 for 3–5, and a
// relaunched job's run trains on H2 from step 3 throughout. Before: the candidate was "promoted to incumbent
// H1" beside a different "H1", the main line never showed H2, the curves marked "H0 → H1 at step 0" for a
// version identical to H0, and the relaunched run showed a second "H1 → H2".
import type { Page } from "@playwright/test";
import { experimentPath, harnessHistoryPath, proposalPath, runPath } from "../lib/http/page-links";
import { versionAnchor } from "../lib/harness-history/history-query";
import { test, expect, bearer } from "./fixtures";

const P = "e2e-naming";
const EXP = `${P}-exp`;
const IDS = { h0: `${P}-H0`, h1: `${P}-H1`, cand: `${P}-e2-r0-candidate`, h2: `${P}-H2`, proposal: `${P}-e2-r0-proposal` };
const TRAIN = `${P}-train`;
const RELAUNCHED = `${P}-train-relaunched`;
const BASE_FILES = [{ path: "tools/view.sh", kind: "tool", content: "cat -n \"$1\"" }];
const EVOLVED_FILES = [...BASE_FILES, { path: "hooks/reproduce_first.py", kind: "hook", hook_position: "pre_decision", content: "def hook(ctx):\n    return 'reproduce the bug first'\n" }];

const H1_NAME = "H1 (same files as H0; incumbent H1 is H1+reproduce_first)";
const CAND_NAME = "H1+reproduce_first (promoted as incumbent H1)";
const H2_NAME = "H2 (same files as H1+reproduce_first)";
const PROMOTED = "promoted to incumbent H1+reproduce_first (numbered H1 in promotion order)";

function events() {
  const rollout = (run: string, step: number, version: string, k: number) => ({
    type: "rollout", id: `${run}-s${step}-k${k}`, experiment: EXP, run, task: `${P}-task`, harness_version: version, purpose: "train",
    epoch: step < 3 ? 1 : 2, step, group: "g", sample_index: k, success: k === 0, reward: k === 0 ? 1 : 0, truncated: false, exit_status: "submitted", turns: [],
  });
  return [
    { type: "experiment", id: EXP, name: "E2E harness naming", method: "harnessadapt-rl" },
    { type: "run", id: TRAIN, experiment: EXP, kind: "train", status: "finished", name: "policy training" },
    { type: "run", id: RELAUNCHED, experiment: EXP, kind: "train", status: "finished", name: "epoch 2, relaunched" },
    { type: "task", id: `${P}-task`, key: `${P}-task`, benchmark: "mini-train" },
    { type: "harness_version", id: IDS.h0, experiment: EXP, label: "H0", origin: "initial", files: BASE_FILES },
    { type: "harness_version", id: IDS.h1, experiment: EXP, label: "H1", parent: IDS.h0, origin: "manual", description: "no proposal was accepted in epoch 1: the same files as H0", files: BASE_FILES },
    { type: "evolution_round", id: `${P}-e2-r0`, experiment: EXP, run: TRAIN, epoch: 2, index: 0, incumbent: IDS.h1 },
    { type: "harness_version", id: IDS.cand, experiment: EXP, label: "H1+reproduce_first", parent: IDS.h1, origin: "proposal", origin_proposal: IDS.proposal, files: EVOLVED_FILES },
    { type: "proposal", id: IDS.proposal, experiment: EXP, round: `${P}-e2-r0`, kind: "tool_hook", title: "Reproduce the bug first", base: IDS.h1, candidate: IDS.cand },
    { type: "decision", id: `${IDS.proposal}-decision`, proposal: IDS.proposal, verdict: "accept", actor: "acceptance-rule", reason: "pass rate up" },
    { type: "harness_version", id: IDS.h2, experiment: EXP, label: "H2", parent: IDS.h1, origin: "proposal", origin_proposal: IDS.proposal, files: EVOLVED_FILES },
    ...[0, 1, 2, 3, 4, 5].flatMap((step) => [0, 1].map((k) => rollout(TRAIN, step, step < 3 ? IDS.h1 : IDS.h2, k))),
    ...[3, 4, 5].flatMap((step) => [0, 1].map((k) => rollout(RELAUNCHED, step, IDS.h2, k))),
  ];
}

test.beforeAll(async ({ server, request }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

/** One version's part of the tree: inside the entry it shares with the versions holding the same files. */
const entry = (page: Page, label: string) => page.getByRole("group", { name: `Harness version ${label}`, exact: true });

test("the history's main line shows identical versions as one and the promoted version by its own label", async ({ page }) => {
  await page.goto(harnessHistoryPath(EXP));
  const lineage = page.getByRole("list", { name: "Lineage of the incumbent" });
  await expect(lineage.getByRole("listitem")).toHaveText(["H0 = H1", /^H1\+reproduce_first = H2\s*incumbent$/]);
  await expect(page.getByText(`The incumbent is ${CAND_NAME}.`)).toBeVisible();

  // The tree too shows identical versions as one entry naming all their labels: H0 = H1, and below it
  // H1+reproduce_first = H2 — not four cards of which two repeat the files of the others.
  const tree = page.getByRole("list", { name: "Harness versions" });
  const first = tree.getByRole("listitem", { name: "Harness version H0 = H1", exact: true });
  const second = first.getByRole("listitem", { name: "Harness version H1+reproduce_first = H2", exact: true });
  await expect(first).toBeVisible();
  await expect(first.locator(":scope > div").first()).toContainText(/H0 = H1\s*\(same files\)/);
  await expect(second.locator(":scope > div").first()).toContainText(/H1\+reproduce_first = H2\s*\(same files\)/);
  for (const label of ["H0", "H1", "H1+reproduce_first", "H2"]) {
    await expect(tree.getByRole("listitem", { name: `Harness version ${label}`, exact: true })).toHaveCount(0);
  }
  // … keeping each version's own links: its proposal, its place in the diff, and the main line's links land on it.
  for (const label of ["H1+reproduce_first", "H2"]) {
    await expect(entry(page, label).getByRole("link", { name: "Reproduce the bug first" })).toHaveAttribute("href", proposalPath(IDS.proposal));
  }
  await entry(page, "H1+reproduce_first").getByRole("link", { name: "Use H1+reproduce_first as the diff's base" }).click();
  await expect(page.getByRole("region", { name: "H1+reproduce_first → H2" })).toBeVisible();
  await page.getByRole("list", { name: "Lineage of the incumbent" }).getByRole("link", { name: "H0 = H1" }).click();
  await expect(page).toHaveURL(new RegExp(`#${versionAnchor(IDS.h0)}$`));
  await expect(entry(page, "H0")).toBeInViewport();
  await expect(entry(page, "H1").getByLabel("Naming notes")).toHaveText("same files as H0; incumbent H1 is H1+reproduce_first");
  await expect(entry(page, "H2").getByLabel("Naming notes")).toHaveText("same files as H1+reproduce_first");
  await expect(entry(page, "H1+reproduce_first").getByRole("list", { name: "Promotions of H1+reproduce_first" }))
    .toContainText(`${PROMOTED} by decision of acceptance-rule (rule)`);
});

test("the proposal and the overview name the promoted version; the API gives every version its name", async ({ page, request, server }) => {
  await page.goto(proposalPath(IDS.proposal));
  await expect(page.getByRole("list", { name: "Decision history" })).toContainText(PROMOTED);
  await expect(page.getByRole("region", { name: "About this proposal" })).toContainText("H1+reproduce_first (numbered H1 in promotion order) — this proposal's candidate");

  await page.goto(experimentPath(EXP));
  const versions = page.getByRole("region", { name: "Harness versions" }).getByRole("table");
  for (const name of ["H0", H1_NAME, CAND_NAME, H2_NAME]) await expect(versions.getByRole("rowheader", { name, exact: true })).toBeVisible();

  const api = await (await request.get(`/api/v1/experiments/${encodeURIComponent(EXP)}`, { headers: bearer(server.adminToken) })).json();
  const records = api.records.harnessVersions as Array<{ id: string; name: string; sameFilesAs: string | null }>;
  expect(records.map((v) => [v.id, v.name, v.sameFilesAs])).toEqual([
    [IDS.h0, "H0", null], [IDS.h1, H1_NAME, IDS.h0], [IDS.cand, CAND_NAME, null], [IDS.h2, H2_NAME, IDS.cand],
  ]);
});

test("the curves mark only where a run's files change: not at step 0 on a version identical to H0, not on a relaunched run", async ({ page, request, server }) => {
  await page.goto(runPath(TRAIN));
  const section = page.getByRole("region", { name: "Training curves" });
  const chart = section.getByRole("img", { name: /^Line chart of Trainable rate by step/ });
  await expect(chart).toHaveAttribute("aria-label", /Harness changes: H1 \(same files as H0; incumbent H1 is H1\+reproduce_first\) → H2 \(same files as H1\+reproduce_first\) at step 3\./);
  const markers = section.getByRole("list", { name: "Curve markers" });
  await expect(markers.getByRole("listitem").filter({ hasText: "→" })).toHaveCount(1);
  await expect(markers.getByRole("listitem").filter({ hasText: "at step 0" })).toHaveCount(0);

  await page.goto(runPath(RELAUNCHED));
  const again = page.getByRole("region", { name: "Training curves" });
  await expect(again.getByRole("img", { name: /^Line chart of Trainable rate by step/ })).toBeVisible();
  await expect(again.getByRole("img", { name: /^Line chart of Trainable rate by step/ })).not.toHaveAttribute("aria-label", /Harness changes/);
  await expect(again.getByRole("list", { name: "Curve markers" }).getByRole("listitem").filter({ hasText: "→" })).toHaveCount(0);

  // The curves API says the same: one harness marker over both runs.
  const res = await request.get(`/api/v1/curves?runs=${encodeURIComponent(TRAIN)},${encodeURIComponent(RELAUNCHED)}`, { headers: bearer(server.adminToken) });
  const body = await res.json();
  expect(body.markers.filter((m: { kind: string }) => m.kind === "harness").map((m: { run: string; step: number; fromName: string; toName: string }) => [m.run, m.step, m.fromName, m.toName]))
    .toEqual([[TRAIN, 3, H1_NAME, H2_NAME]]);
});
