// Issue 40's inbox at 1440 px: with engineer patches the title column was ≈ 120 px and broke ids mid-word while Δ took
// half the table, and Approve/Reject were cut off at the right edge. Now, at 1440 and at 390 px, every row's actions
// are in view, the title has room, and the table needs no sideways scroll at 1440.
import type { Page } from "@playwright/test";
import { test, expect, bearer } from "./fixtures";
import { proposalEvents, proposalIds } from "../test/fixtures/proposals/proposal-events";
import { patchEvaluationEvents } from "../test/fixtures/proposals/patch-evaluation-events";

const PREFIX = "e2e-inbox-fit";
const ids = proposalIds(PREFIX);
// Titles as the reference experiment's engineer writes them, and one that is a single unbroken token.
const TITLES = [
  "Engineer patch — pre_action: refuse_unhelpful_edit, post_observation: summarize_failures",
  "Engineer patch — on_error: retry_once, pre_submit: run_related_tests",
  "engineer/patch/pre_action=refuse_unhelpful_edit+post_observation=summarize_failures+on_error=retry_once",
];

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      ...proposalEvents(PREFIX, TITLES.map((title, i) => ({ key: `p${i}`, title, rule: "none", epoch: 2, round: 1, kind: "engineer_patch" as const }))),
      ...patchEvaluationEvents(PREFIX, [
        { key: "11", patches: [{ proposal: "p0", baseline: 0.2, patched: 0.45 }, { proposal: "p1", baseline: 0.2, patched: 0.3 }, { proposal: "p2", baseline: 0.2, patched: 0.1 }] },
        { key: "6", patches: [{ proposal: "p0", baseline: 0.4, patched: 0.6 }, { proposal: "p2", baseline: 0.4, patched: 0.3 }] },
      ]),
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
});

const open = (page: Page) => page.goto(`/proposals?experiment=${encodeURIComponent(ids.experiment)}&kind=engineer_patch`);

test.describe("at 1440×900", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the title has room, Δ does not take the table, and every row's Approve and Reject are in view", async ({ page }) => {
    await open(page);
    const table = page.getByRole("grid", { name: "Proposals" });
    await expect(table.getByRole("rowheader")).toHaveCount(5);
    const title = await table.getByRole("columnheader", { name: "Title" }).boundingBox();
    const delta = await table.getByRole("columnheader", { name: "Δ pass rate" }).boundingBox();
    expect(title!.width, "the Title column's width").toBeGreaterThanOrEqual(220);
    expect(delta!.width, "the Δ column's width").toBeLessThanOrEqual(title!.width);
    // No sideways scroll: the table fits its frame.
    const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement as HTMLElement).clientWidth);
    expect(overflow, "pixels of the table beyond its frame").toBeLessThanOrEqual(0);
    for (const name of TITLES) {
      for (const button of await page.getByRole("button", { name: new RegExp(`^(Approve|Reject) ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).all()) {
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport({ ratio: 1 });
      }
    }
  });
});

test.describe("at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a phone sees each patch's title, Δ and its Approve and Reject without scrolling sideways", async ({ page }) => {
    await open(page);
    const table = page.getByRole("grid", { name: "Proposals" });
    const first = table.getByRole("row").filter({ has: page.getByRole("link", { name: TITLES[0], exact: true }) }).first();
    await first.scrollIntoViewIfNeeded();
    await expect(first.getByRole("link", { name: TITLES[0], exact: true })).toBeInViewport({ ratio: 1 });
    await expect(first.getByText("+22.5 pp")).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole("button", { name: `Approve ${TITLES[0]}` })).toBeInViewport({ ratio: 1 });
    await expect(first.getByRole("button", { name: `Reject ${TITLES[0]}` })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
