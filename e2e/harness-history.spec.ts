// The harness history (issue 6, part 3). On the reference experiment (the seed whose rule accepts a proposal in
// each epoch): H0, H1 and H2 with their origins, the explored candidates with links to their proposals (epoch
// and round as the API holds them), the default diff of H0 against H2 showing the hooks both epochs added with
// Monaco's insert decorations (they appear only once Monaco's worker has run), and H1 chosen in the picker. On a
// fixture with accepted proposals: promotions, the incumbent's lineage, the filter, and H0 against H2.
import type { Page } from "@playwright/test";
import { harnessHistoryPath, proposalPath } from "../lib/http/page-links";
import { harnessHistoryEvents, historyIds, PROPOSAL_TITLES } from "../test/fixtures/harness-history/events";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiment, REFERENCE_EVOLVED as REFERENCE } from "./reference-experiment";

const PREFIX = "e2e-history";
const ids = historyIds(PREFIX);

interface ApiVersion { id: string; label: string; origin: string; files: Array<{ path: string; kind: string; blobHash: string }> }
interface ApiProposal { id: string; title: string; roundId: string | null; candidateHarnessVersionId: string; status: string }
interface ApiRound { id: string; epoch: number; idx: number }

test.beforeAll(async ({ request, server }) => {
  test.setTimeout(120_000);
  await ensureReferenceExperiment(server, REFERENCE);
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: harnessHistoryEvents(PREFIX) });
  expect(res.status(), await res.text()).toBe(200);
});

const entry = (page: Page, label: string) => page.getByRole("listitem", { name: `Harness version ${label}`, exact: true });
/** One version's part of the tree: its own entry's card, or its part of the entry it shares with versions holding the same files. */
const versionCard = (page: Page, label: string) =>
  entry(page, label).locator(":scope > div").first().or(page.getByRole("group", { name: `Harness version ${label}`, exact: true }));

test("the reference experiment: H0, H1, H2 with origins, candidates linked to their proposals, and a diff picked in the UI", async ({ page, request, server }) => {
  const experiment = await (await request.get(`/api/v1/experiments/${encodeURIComponent(REFERENCE.harnessAdapt)}`, { headers: bearer(server.adminToken) })).json();
  const versions = experiment.records.harnessVersions as ApiVersion[];
  const rounds = new Map((experiment.records.evolutionRounds as ApiRound[]).map((r) => [r.id, r]));
  const proposals = (await (await request.get(`/api/v1/proposals?experiment=${encodeURIComponent(REFERENCE.harnessAdapt)}`, { headers: bearer(server.adminToken) })).json()).proposals as ApiProposal[];
  expect(proposals.length).toBeGreaterThan(0);

  await page.goto(harnessHistoryPath(REFERENCE.harnessAdapt));
  await expect(page.getByRole("heading", { level: 1, name: "Harness history" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Experiment sections" }).getByRole("link", { name: "Harness history" })).toHaveAttribute("aria-current", "page");

  for (const label of ["H0", "H1", "H2"]) {
    const v = versions.find((x) => x.label === label)!;
    const origin = v.origin === "initial" ? "initial (base)" : v.origin;
    await expect(versionCard(page, label).getByTitle("Origin")).toHaveText(origin);
    await expect(versionCard(page, label)).toContainText(v.id);
  }

  // Every proposal's candidate is in the tree (folded until unfolded), linked to its proposal with epoch and round.
  await page.getByRole("link", { name: "Unfold all explored candidates" }).click();
  await expect(page).toHaveURL(/expand=all/);
  for (const p of proposals) {
    const candidate = versions.find((v) => v.id === p.candidateHarnessVersionId)!;
    const card = versionCard(page, candidate.label);
    await expect(card.getByRole("link", { name: p.title, exact: true })).toHaveAttribute("href", proposalPath(p.id));
    const round = p.roundId ? rounds.get(p.roundId) : undefined;
    if (round) await expect(card).toContainText(`(epoch ${round.epoch}, round ${round.idx})`);
    await expect(card).toContainText(p.status);
  }

  // The default diff: H0 against the latest on the main line (H2), with the hooks the two accepted proposals added.
  const h0 = versions.find((v) => v.label === "H0")!;
  const h2 = versions.find((v) => v.label === "H2")!;
  const diff = page.getByRole("region", { name: "H0 → H2" });
  await expect(diff).toBeVisible();
  await expect(page.getByLabel("Base", { exact: true })).toHaveValue(h0.id);
  await expect(page.getByLabel("Candidate", { exact: true })).toHaveValue(h2.id);
  const addedBy = (v: ApiVersion) => v.files.filter((f) => f.kind === "hook" && !h0.files.some((g) => g.path === f.path));
  const h2Hooks = addedBy(h2);
  expect(h2Hooks.length, "seed 2 accepts hook proposals in both epochs").toBeGreaterThanOrEqual(2);
  await expect(diff).toContainText(/\d+ files? changed/);
  const tree = diff.getByRole("navigation", { name: "Changed files" });
  const hookButton = (scope: typeof tree, path: string) => scope.getByRole("button", { name: new RegExp(`^${path.split("/").pop()!.replace(/\./g, "\\.")}`) });
  for (const hook of h2Hooks) await expect(hookButton(tree, hook.path)).toContainText("added");
  await hookButton(tree, h2Hooks[0].path).click();
  // An added file is shown whole, every line inserted (one editor, not a diff against an empty file).
  await expect(diff.getByRole("group", { name: /^Diff of / }).locator(".monaco-editor .line-insert").first()).toBeVisible({ timeout: 30_000 });

  // Another pair through the picker: H0 against H1, which holds fewer of those hooks.
  const h1 = versions.find((v) => v.label === "H1")!;
  await page.getByLabel("Candidate", { exact: true }).selectOption(h1.id);
  await page.getByRole("button", { name: "Show diff" }).click();
  await expect(page).toHaveURL(new RegExp(`candidate=${encodeURIComponent(h1.id).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  const picked = page.getByRole("region", { name: "H0 → H1" });
  await expect(picked).toBeVisible();
  const pickedTree = picked.getByRole("navigation", { name: "Changed files" });
  const h1Hooks = addedBy(h1);
  expect(h1Hooks.length).toBeLessThan(h2Hooks.length);
  for (const hook of h1Hooks) await expect(hookButton(pickedTree, hook.path)).toContainText("added");
  for (const hook of h2Hooks.filter((f) => !h1Hooks.some((g) => g.path === f.path))) await expect(hookButton(pickedTree, hook.path)).toHaveCount(0);
});

test("a history with accepted proposals: promotions, the incumbent's lineage, the filter, and H0 against H2", async ({ page }) => {
  await page.goto(harnessHistoryPath(ids.experiment));
  await expect(page.getByRole("list", { name: "Lineage of the incumbent" })).toHaveText(/H0\s*H1\s*H2 = H2 \(frozen\)\s*incumbent H2/);
  await expect(versionCard(page, "H1").getByRole("list", { name: "Promotions of H1" })).toContainText("promoted to incumbent H1 by decision of acceptance-rule (rule)");
  // H2 and its re-label with the same files are one entry naming both, the files listed once, each version's
  // own origin, notes, proposal and links kept.
  const h2 = entry(page, "H2 = H2 (frozen)");
  await expect(h2.locator(":scope > div").first()).toContainText(/H2 = H2 \(frozen\)\s*\(same files\)/);
  await expect(h2.getByLabel("Hooks by lifecycle position")).toHaveText(/pre_action\s*post_feedback/);
  await expect(entry(page, "H2")).toHaveCount(0);
  await expect(entry(page, "H2 (frozen)")).toHaveCount(0);
  await expect(versionCard(page, "H2")).toContainText("incumbent H2");
  await expect(versionCard(page, "H2").getByRole("link", { name: PROPOSAL_TITLES.p2 })).toBeVisible();
  await expect(versionCard(page, "H2 (frozen)").getByTitle("Origin")).toHaveText("manual");
  await expect(versionCard(page, "H2 (frozen)")).toContainText("same files as H2");
  await expect(versionCard(page, "H2 (frozen)").getByRole("link", { name: "Use H2 (frozen) as the diff's candidate" })).toBeVisible();
  await expect(versionCard(page, "H0").getByRole("link", { name: "2 rollouts" })).toBeVisible();

  // The rejected review hook is folded below H1.
  const folded = page.getByText("1 explored candidate from H1 (1 rejected)");
  await expect(folded).toBeVisible();
  await expect(versionCard(page, "H1+review")).toBeHidden();
  await folded.click();
  await expect(versionCard(page, "H1+review").getByRole("link", { name: PROPOSAL_TITLES.pReview })).toHaveAttribute("href", proposalPath(ids.pReview));
  await expect(versionCard(page, "H1+review")).toContainText("(epoch 1, round 1)");

  // H2 as the candidate, from its entry: the URL holds it, the diff shows the hooks H2 added.
  await page.getByRole("link", { name: "Use H2 as the diff's candidate" }).click();
  await expect(page).toHaveURL(new RegExp(`candidate=${encodeURIComponent(ids.h2).replace(/[+]/g, "\\+")}`));
  const diff = page.getByRole("region", { name: "H0 → H2" });
  const tree = diff.getByRole("navigation", { name: "Changed files" });
  await expect(tree.getByRole("button", { name: /^report_failures\.py/ })).toContainText("hook · pre_action");
  await expect(tree.getByRole("button", { name: /^review\.py/ })).toContainText("hook · post_feedback");
  await tree.getByRole("button", { name: /^edit\.py/ }).click();
  await expect(diff.getByRole("group", { name: /^Diff of tools\/edit\.py/ }).locator(".editor.modified .line-insert").first()).toBeVisible({ timeout: 30_000 });

  // The filter keeps the chosen pair and shows matches with their ancestors.
  await page.getByLabel("Filter versions").fill("view_diff");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("status").filter({ hasText: "versions match" })).toHaveText("2 of 5 versions match “view_diff”; their ancestors are shown dimmed.");
  await expect(page).toHaveURL(/q=view_diff/);
  await expect(page.getByRole("region", { name: "H0 → H2" })).toBeVisible();
  await expect(entry(page, "H1+review")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Export harness versions" }).getByRole("button", { name: "Copy CSV" })).toBeVisible();
});

test("a bad parameter is named, not a failure", async ({ page }) => {
  const response = await page.goto(`${harnessHistoryPath(ids.experiment)}?base=nope&expand=yes`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("note")).toHaveText("Not applied: base: no harness version “nope” in this experiment; expand: must be “all” or absent.");
  await expect(page.getByRole("region", { name: "H0 → H2 (frozen)" })).toBeVisible();
  expect((await page.goto(harnessHistoryPath("no-such-experiment")))?.status()).toBe(404);
});
