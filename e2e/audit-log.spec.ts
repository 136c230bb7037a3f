// The audit log lists every decision — a person's from the dashboard and a trainer's rule decision from the
// API — with the other privileged actions, newest first, filtered by action and actor; viewers may not read it.
import { proposalEvents, proposalIds, ruleDecisionEvent } from "../test/fixtures/proposals/proposal-events";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";
import { createUserLink, signInWith } from "./accounts";

const PREFIX = "e2e-audit";
const ids = proposalIds(PREFIX);
const TITLES = { human: "Audit: decided by a person", rule: "Audit: decided by the rule" };

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  const res = await api.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      ...proposalEvents(PREFIX, [
        { key: "human", title: TITLES.human, rule: "accept" },
        { key: "rule", title: TITLES.rule, rule: "reject" },
      ], "E2E audit"),
      ruleDecisionEvent(PREFIX, "rule", "reject"),
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});

test("decisions appear in the audit log with who, what and why, and the filters narrow it", async ({ page }) => {
  await page.goto(`/proposals/${encodeURIComponent(ids.proposal("human"))}`);
  const form = page.getByRole("form", { name: "Decide" });
  await form.getByLabel("Reason").fill("both rates up on the comparison set");
  await form.getByRole("button", { name: "Approve" }).click();
  await expect(form.getByRole("status")).toContainText("Approved");

  await page.goto("/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const log = page.getByRole("table", { name: "Audit log" });
  // Newest first: the person's decision comes before the rule's, which came with the events.
  const human = log.getByRole("row").filter({ has: page.getByRole("link", { name: TITLES.human }) });
  const rule = log.getByRole("row").filter({ has: page.getByRole("link", { name: TITLES.rule }) });
  await expect(human).toContainText("admin");
  await expect(human).toContainText("proposal.accept");
  await expect(human).toContainText("both rates up on the comparison set");
  await expect(human).toContainText("promote H1");
  await expect(rule).toContainText("rule (acceptance-rule)");
  await expect(rule).toContainText("proposal.reject");
  const rows = await log.getByRole("row").allTextContents();
  expect(rows.findIndex((r) => r.includes(TITLES.human))).toBeLessThan(rows.findIndex((r) => r.includes(TITLES.rule)));
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption("proposal.reject");
  await expect(page).toHaveURL(/action=proposal\.reject/);
  await expect(rule).toBeVisible();
  await expect(human).toHaveCount(0);
  await filters.getByLabel("Action").selectOption("");
  await filters.getByLabel("Actor").selectOption({ label: "admin" });
  await expect(page).toHaveURL(/actor=user%3A/);
  await expect(human).toBeVisible();
  await expect(rule).toHaveCount(0);

  // Sign-ins are privileged actions too.
  await page.goto("/audit?action=sign_in");
  await expect(log.getByRole("row").filter({ hasText: "sign_in" }).first()).toBeVisible();
  await expect(log.getByRole("row").filter({ hasText: "proposal." })).toHaveCount(0);

  await page.goto("/audit?action=proposal.accept");
  await human.getByRole("link", { name: TITLES.human }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLES.human })).toBeVisible();
});

test("a viewer cannot open the audit log", async ({ page, browser, server }) => {
  const link = await createUserLink(page, "e2e-audit-viewer", "viewer");

  const context = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const viewer = await signInWith(context, link);
    await viewer.goto("/audit");
    await expect(viewer).toHaveURL(/\/forbidden\?need=reviewer$/);
  } finally {
    await context.close();
  }
});
