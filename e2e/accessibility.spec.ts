// axe-core (@axe-core/playwright) over the main pages (issue 18): once each page's main content is on screen,
// no WCAG 2.1 A/AA violation of serious or critical impact. A failure names each rule and the elements it hit.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { experimentComparePath, experimentPath, harnessR1Path, proposalPath, rolloutPath, runPath } from "../lib/http/page-links";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiments, REFERENCE, REFERENCE_EVOLVED } from "./reference-experiment";

const EXP = REFERENCE_EVOLVED.harnessAdapt;

interface Ids {
  proposal: string;
  rollout: string;
}
let ids: Ids;

test.beforeAll(async ({ server, request }) => {
  // Two reference seeds, written by the demo: minutes on this shared machine.
  test.setTimeout(600_000);
  await ensureReferenceExperiments(server, REFERENCE, REFERENCE_EVOLVED);
  const experiment = await (await request.get(`/api/v1/experiments/${encodeURIComponent(EXP)}`, { headers: bearer(server.adminToken) })).json();
  const proposal = (experiment.records.harnessVersions as Array<{ originProposalId: string | null }>).find((v) => v.originProposalId)?.originProposalId;
  const rollouts = await (await request.get(`/api/v1/rollouts?experiment=${encodeURIComponent(EXP)}&limit=1`, { headers: bearer(server.adminToken) })).json();
  const rollout = (rollouts.rollouts as Array<{ id: string }>)[0]?.id;
  expect(proposal, "seed 2 accepts a proposal").toBeTruthy();
  expect(rollout, "the experiment has rollouts").toBeTruthy();
  ids = { proposal: proposal!, rollout: rollout! };
});

/** Each page with what shows that its main content is there. */
const PAGES: Array<{ name: string; path: () => string; ready: (page: Page) => Promise<void> }> = [
  { name: "home", path: () => "/", ready: (p) => expect(p.getByRole("region", { name: "Experiments" }).getByRole("listitem").first()).toBeVisible() },
  { name: "overview", path: () => experimentPath(EXP), ready: (p) => expect(p.getByRole("img", { name: /^Line chart of Trainable rate/ })).toBeVisible() },
  { name: "run", path: () => runPath(`${EXP}-train`), ready: (p) => expect(p.getByRole("img", { name: /^Line chart of / }).first()).toBeVisible() },
  { name: "trajectories", path: () => `/trajectories?experiment=${encodeURIComponent(EXP)}`, ready: (p) => expect(p.getByRole("grid", { name: "Rollouts" }).getByRole("row").nth(1)).toBeVisible() },
  { name: "rollout", path: () => rolloutPath(ids.rollout), ready: (p) => expect(p.locator("[data-viewer-ready=true]")).toBeAttached() },
  { name: "proposal", path: () => proposalPath(ids.proposal), ready: (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible() },
  { name: "inbox", path: () => "/proposals?kind=tool_hook", ready: (p) => expect(p.getByText(/left to review/)).toBeVisible() },
  { name: "matrix", path: () => experimentComparePath(EXP), ready: (p) => expect(p.getByRole("table").first()).toBeVisible() },
  { name: "jobs", path: () => "/jobs", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible() },
  { name: "harness-r1", path: () => harnessR1Path(REFERENCE.harnessR1), ready: (p) => expect(p.getByRole("img", { name: /^Bar chart for / }).first()).toBeVisible() },
  { name: "settings", path: () => "/settings", ready: (p) => expect(p.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible() },
];

for (const target of PAGES) {
  test(`the ${target.name} page has no serious or critical accessibility violation`, async ({ page }) => {
    // axe walks every element: a few seconds on the larger pages, more on this shared machine.
    test.setTimeout(180_000);
    await page.goto(target.path());
    await target.ready(page);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const severe = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(" | ")}`);
    expect(severe, `axe on ${target.path()}`).toEqual([]);
  });
}
