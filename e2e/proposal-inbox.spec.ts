// The review inbox: filters in the URL with the count of what is left to review, and keyboard review —
// j / k select, `a` approves (the candidate becomes the incumbent H1, shown on the proposal page), `r`
// rejects after asking for a reason in a dialog that Escape cancels.
import { proposalEvents, proposalIds, ruleDecisionEvent } from "../test/fixtures/proposals/proposal-events";
import { test, expect, bearer, keysReady } from "./fixtures";

const PREFIX = "e2e-inbox";
const ids = proposalIds(PREFIX);
const TITLES = { a: "Inbox: run related tests", b: "Inbox: review hook", c: "Inbox: review hook with view_diff", d: "Inbox: engineer patch" };

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  const res = await api.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      ...proposalEvents(PREFIX, [
        { key: "a", title: TITLES.a, rule: "accept", epoch: 1, round: 0 },
        { key: "b", title: TITLES.b, rule: "reject", epoch: 1, round: 1 },
        { key: "c", title: TITLES.c, rule: "accept", epoch: 2, round: 0, parent: "b" },
        { key: "d", title: TITLES.d, rule: "none", epoch: 2, round: 1, kind: "engineer_patch" },
      ], "E2E inbox"),
      ruleDecisionEvent(PREFIX, "b", "reject"),
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});

const inbox = `/proposals?experiment=${encodeURIComponent(ids.experiment)}`;

test("filters live in the URL and the count of what is left follows them", async ({ page }) => {
  await page.goto(inbox);
  const table = page.getByRole("grid", { name: "Proposals" });
  await expect(page.getByText("3 left to review")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(5);
  await expect(table.getByRole("row").filter({ has: page.getByRole("link", { name: TITLES.b, exact: true }) })).toContainText("reject by rule (acceptance-rule)");

  const filters = page.getByRole("form", { name: "Filter proposals" });
  await filters.getByLabel("Epoch").selectOption("2");
  await expect(page).toHaveURL(/[?&]epoch=2(&|$)/);
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("rowheader", { name: TITLES.c })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: TITLES.d })).toBeVisible();
  await expect(page.getByText("2 left to review")).toBeVisible();

  await filters.getByLabel("Kind").selectOption("engineer_patch");
  await expect(page).toHaveURL(/kind=engineer_patch/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(page.getByText("1 left to review")).toBeVisible();

  // A link reproduces the view; "decided by the rule" and a status narrow it further.
  await page.goto(`${inbox}&decided=rule`);
  await expect(page.getByRole("grid", { name: "Proposals" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("link", { name: TITLES.b, exact: true })).toBeVisible();
  await expect(page.getByText("0 left to review")).toBeVisible();
  await page.goto(`${inbox}&status=pending`);
  await expect(page.getByRole("grid", { name: "Proposals" }).getByRole("row")).toHaveCount(4);
  await expect(page.getByText("3 left to review")).toBeVisible();
  await page.goto(`${inbox}&epoch=soon`);
  await expect(page.getByRole("note")).toContainText("epoch: must be a whole number");
});

test("`a` approves the selected proposal; its page shows the decision and the new incumbent", async ({ page }) => {
  await page.goto(inbox);
  const table = page.getByRole("grid", { name: "Proposals" });
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: TITLES.c }) });
  await expect(row).toContainText("pending");
  // Newest first: d, c, b, a. Two steps down selects c.
  await keysReady(page);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("a");
  await expect(page.getByRole("status")).toHaveText(`Approved “${TITLES.c}”; its candidate is now the incumbent H1.`);
  await expect(row).toContainText("accepted");
  await expect(row).toContainText("accept by admin");
  await expect(page.getByText("2 left to review")).toBeVisible();

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/proposals/${encodeURIComponent(ids.proposal("c"))}$`));
  await expect(page.getByRole("heading", { level: 1, name: TITLES.c })).toBeVisible();
  const history = page.getByRole("list", { name: "Decision history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("accept by admin");
  await expect(history).toContainText("promoted to incumbent H1");
  await expect(history).toContainText("The rule said accept");
  const about = page.getByRole("region", { name: "About this proposal" });
  await expect(about).toContainText("H1 (H0+c) — this proposal's candidate");
  // The lineage reaches back to the rejected idea it revises.
  await expect(page.getByRole("region", { name: "Lineage" }).getByRole("link", { name: TITLES.b })).toBeVisible();
});

test("`r` asks for a reason in a dialog: Escape cancels, an empty reason is refused, a reason rejects", async ({ page }) => {
  await page.goto(`${inbox}&status=pending&epoch=1`);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: TITLES.a }) });
  await keysReady(page);
  await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");

  await page.keyboard.press("r");
  const dialog = page.getByRole("dialog", { name: `Reject “${TITLES.a}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("rowheader", { name: TITLES.a }).getByRole("link")).toBeFocused();
  await expect(row).toContainText("pending");

  await page.keyboard.press("r");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/^reason: the acceptance rule says accept \(pass rate \+100\.0 % and trainable rate \+100\.0 %: accept\): say why you reject it$/);
  // Keys typed into the reason are text, not commands.
  await dialog.getByLabel("Reason").pressSequentially("a j k r: trainable rate gain comes from two tasks only");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toHaveText(`Rejected “${TITLES.a}”.`);
  await expect(page.getByRole("rowheader", { name: TITLES.a })).toHaveCount(0);

  await page.goto(`/proposals/${encodeURIComponent(ids.proposal("a"))}`);
  const history = page.getByRole("list", { name: "Decision history" });
  await expect(history).toContainText("reject by admin");
  await expect(history).toContainText("a j k r: trainable rate gain comes from two tasks only");
  await expect(history).toContainText("The rule said accept (pass rate +100.0 % and trainable rate +100.0 %: accept) — decided against it.");
});
