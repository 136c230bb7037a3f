// The review inbox: filters in the URL with the count of what is left to review; teacher proposals by default
// (the kind is in the URL and the form), engineer patches one choice away, grouped by failure packet with the
// best first; a Δ on every row (issue 18, item 3); and keyboard review — j / k select, `a` approves (the
// candidate becomes the incumbent H1, shown on the proposal page), `r` rejects after asking for a reason in a
// dialog that Escape cancels.
import { proposalEvents, proposalIds, ruleDecisionEvent } from "../test/fixtures/proposals/proposal-events";
import { packetId, patchEvaluationEvents } from "../test/fixtures/proposals/patch-evaluation-events";
import { test, expect, bearer, keysReady } from "./fixtures";

const PREFIX = "e2e-inbox";
const ids = proposalIds(PREFIX);
const TITLES = {
  a: "Inbox: run related tests", b: "Inbox: review hook", c: "Inbox: review hook with view_diff",
  d: "Inbox: engineer patch", e: "Inbox: engineer patch e", f: "Inbox: engineer patch f",
};

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
        { key: "e", title: TITLES.e, rule: "none", epoch: 2, round: 1, kind: "engineer_patch" },
        { key: "f", title: TITLES.f, rule: "none", epoch: 2, round: 1, kind: "engineer_patch" },
      ], "E2E inbox"),
      ruleDecisionEvent(PREFIX, "b", "reject"),
      // Packet A: e is the best (+30 pp), d second (+10 pp). Packet B: d is the best (+20 pp), f loses 10 pp.
      ...patchEvaluationEvents(PREFIX, [
        { key: "A", patches: [{ proposal: "d", baseline: 0.2, patched: 0.3 }, { proposal: "e", baseline: 0.2, patched: 0.5 }] },
        { key: "B", patches: [{ proposal: "d", baseline: 0.4, patched: 0.6 }, { proposal: "f", baseline: 0.4, patched: 0.3 }] },
      ]),
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});

const inbox = `/proposals?experiment=${encodeURIComponent(ids.experiment)}`;

test("the inbox opens on teacher proposals: the default kind is in the URL and the form, engineer patches one choice away", async ({ page }) => {
  await page.goto(inbox);
  await expect(page).toHaveURL(/[?&]kind=tool_hook(&|$)/);
  const filters = page.getByRole("form", { name: "Filter proposals" });
  await expect(filters.getByLabel("Kind")).toHaveValue("tool_hook");
  const table = page.getByRole("grid", { name: "Proposals" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("rowheader", { name: TITLES.d })).toHaveCount(0);
  await expect(page.getByText("2 left to review")).toBeVisible();
  await expect(page.getByText("3 engineer patches also wait for review")).toBeVisible();
  await expect(table.getByRole("row").filter({ has: page.getByRole("link", { name: TITLES.b, exact: true }) })).toContainText("reject by rule (acceptance-rule)");

  await filters.getByLabel("Epoch").selectOption("2");
  await expect(page).toHaveURL(/[?&]epoch=2(&|$)/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("rowheader", { name: TITLES.c })).toBeVisible();
  await expect(page.getByText("1 left to review")).toBeVisible();

  await filters.getByLabel("Kind").selectOption("engineer_patch");
  await expect(page).toHaveURL(/kind=engineer_patch/);
  // 3 patches; d, evaluated on two packets, is listed under each.
  await expect(table.getByRole("rowheader")).toHaveCount(4);
  await expect(page.getByText("3 left to review")).toBeVisible();
  await expect(page.getByText("1 teacher proposal also waits for review")).toBeVisible();

  await filters.getByLabel("Kind").selectOption("any");
  await expect(page).toHaveURL(/kind=any/);
  await expect(table.getByRole("rowheader")).toHaveCount(5);
  await expect(page.getByText("4 left to review")).toBeVisible();

  // A link reproduces the view; "decided by the rule" and a status narrow it further.
  await page.goto(`${inbox}&kind=any&decided=rule`);
  await expect(page.getByRole("grid", { name: "Proposals" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("link", { name: TITLES.b, exact: true })).toBeVisible();
  await expect(page.getByText("0 left to review")).toBeVisible();
  await page.goto(`${inbox}&status=pending`);
  await expect(page).toHaveURL(/kind=tool_hook/);
  await expect(page.getByRole("grid", { name: "Proposals" }).getByRole("row")).toHaveCount(3);
  await expect(page.getByText("2 left to review")).toBeVisible();
  await page.goto(`${inbox}&epoch=soon`);
  await expect(page.getByRole("note")).toContainText("epoch: must be a whole number");
});

test("every row shows its Δ; engineer patches come grouped by failure packet, the packet's best first", async ({ page }) => {
  await page.goto(inbox);
  const table = page.getByRole("grid", { name: "Proposals" });
  await expect(table.getByRole("columnheader", { name: "Δ pass rate" })).toBeVisible();
  // c's comparison: base 1/2 and 0/2 per task, candidate 1/2 and 1/2: paired Δ +25 pp over 2 tasks.
  const c = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: TITLES.c }) });
  await expect(c).toContainText("+25.0 pp");
  await expect(c).toContainText("paired, 2 tasks");

  await page.goto(`${inbox}&kind=engineer_patch`);
  await expect(table.getByRole("columnheader", { name: /^Failure packet/ })).toHaveText([
    new RegExp(`^Failure packet ${packetId(PREFIX, "B")}`), new RegExp(`^Failure packet ${packetId(PREFIX, "A")}`),
  ]);
  // Each packet lists all its patches, best first: B has d (its best) and f; A has e (its best) and d again.
  const byTeacher = (title: string) => new RegExp(`^${title}\\s*by e2e teacher$`);
  await expect(table.getByRole("rowheader")).toHaveText([byTeacher(TITLES.d), byTeacher(TITLES.f), byTeacher(TITLES.e), byTeacher(TITLES.d)]);
  await expect(table.getByRole("columnheader", { name: /^Failure packet/ }).first()).toContainText("2 patches evaluated on it; 2 proposals among them, best first");
  const rowOf = (title: string) => table.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  const [dOnB, dOnA] = [rowOf(TITLES.d).first(), rowOf(TITLES.d).nth(1)];
  await expect(dOnB).toContainText("+15.0 pp");
  await expect(dOnB).toContainText("mean over 2 of 2 packets");
  await expect(dOnB).toContainText("this packet: reward +20.0 pp best of packet · also on 1 other packet");
  await expect(dOnA).toContainText("this packet: reward +10.0 pp · also on 1 other packet");
  await expect(dOnA).not.toContainText("best of packet");
  const f = rowOf(TITLES.f);
  await expect(f).toContainText("−10.0 pp");
  await expect(f).not.toContainText("best of packet");
});

test("rejecting an engineer patch says what that means for a patch, not for a teacher", async ({ page }) => {
  await page.goto(`${inbox}&kind=engineer_patch`);
  await page.getByRole("button", { name: `Reject ${TITLES.f}` }).click();
  const dialog = page.getByRole("dialog", { name: `Reject “${TITLES.f}”` });
  await expect(dialog).toContainText("A rejected engineer patch is not applied to the harness and never becomes the incumbent");
  await expect(dialog).not.toContainText("teacher");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.goto(`/proposals/${encodeURIComponent(ids.proposal("f"))}`);
  const form = page.getByRole("form", { name: "Decide" });
  await expect(form).toContainText("A rejected engineer patch is not applied to the harness");
  await expect(form).not.toContainText("teacher");
  await page.goto(`/proposals/${encodeURIComponent(ids.proposal("a"))}`);
  await expect(page.getByRole("form", { name: "Decide" })).toContainText("the teacher's next proposal can use the reason");
});

test("“cannot judge” and “usable” explain themselves on hover and keyboard focus", async ({ page }) => {
  await page.goto(`${inbox}&kind=engineer_patch`);
  const term = page.getByRole("grid", { name: "Proposals" }).getByText("cannot judge", { exact: true }).first();
  await expect(term).toHaveAccessibleDescription(/nothing to judge by: no candidate comparison was stored/);
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await term.focus();
  await expect(page.getByRole("tooltip")).toContainText("The acceptance rule has nothing to judge by");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);
  await term.hover();
  await expect(page.getByRole("tooltip")).toBeVisible();

  await page.goto(`/proposals/${encodeURIComponent(ids.proposal("b"))}`);
  const usable = page.getByRole("columnheader", { name: /usable$/ }).first().getByText("usable", { exact: true });
  await expect(usable).toHaveAccessibleDescription(/count for training/);
  await usable.focus();
  await expect(page.getByRole("tooltip")).toContainText("Rollouts that count for training");
});

test("`a` approves the selected proposal; its page shows the decision and the new incumbent", async ({ page }) => {
  await page.goto(inbox);
  const table = page.getByRole("grid", { name: "Proposals" });
  const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: TITLES.c }) });
  await expect(row).toContainText("pending");
  // Teacher proposals, newest first: c, b, a. One step down selects c.
  await keysReady(page);
  await page.keyboard.press("j");
  await expect(row).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("a");
  await expect(page.getByRole("status")).toHaveText(`Approved “${TITLES.c}”; its candidate is now the incumbent H0+c (numbered H1 in promotion order).`);
  await expect(row).toContainText("accepted");
  await expect(row).toContainText("accept by admin");
  await expect(page.getByText("1 left to review")).toBeVisible();

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/proposals/${encodeURIComponent(ids.proposal("c"))}$`));
  await expect(page.getByRole("heading", { level: 1, name: TITLES.c })).toBeVisible();
  const history = page.getByRole("list", { name: "Decision history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("accept by admin");
  await expect(history).toContainText("promoted to incumbent H0+c (numbered H1 in promotion order)");
  await expect(history).toContainText("The rule said accept");
  const about = page.getByRole("region", { name: "About this proposal" });
  await expect(about).toContainText("H0+c (numbered H1 in promotion order) — this proposal's candidate");
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
