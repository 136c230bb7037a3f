// Decisions on the proposal page and the rights around them: an approve against the acceptance rule needs a
// reason (refused with the message otherwise, nothing written), changing one's mind appends and moves the
// incumbent back, one form submitted twice decides once, a proposal that does not exist is named, and a
// viewer is offered no buttons and is refused when posting the action anyway.
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { proposalEvents, proposalIds } from "../test/fixtures/proposals/proposal-events";
import { test, expect, bearer, keysReady, SIGNED_OUT } from "./fixtures";
import { createUserLink, signInWith } from "./accounts";

const PREFIX = "e2e-decide";
const ids = proposalIds(PREFIX);
// The double-submit test has an experiment of its own, so its promotion label does not depend on the others.
const TWICE = "e2e-decide-twice";
const twice = proposalIds(TWICE);
const TITLES = { bad: "Decide: review hook", good: "Decide: run related tests", viewer: "Decide: for the viewer" };
const pagePath = (key: string, of = ids) => `/proposals/${encodeURIComponent(of.proposal(key))}`;

test.beforeAll(async ({ playwright, server }) => {
  const api = await playwright.request.newContext({ baseURL: server.baseURL });
  const res = await api.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      ...proposalEvents(PREFIX, [
        { key: "bad", title: TITLES.bad, rule: "reject" },
        { key: "viewer", title: TITLES.viewer, rule: "accept" },
      ], "E2E decisions"),
      ...proposalEvents(TWICE, [{ key: "good", title: TITLES.good, rule: "accept" }], "E2E decisions, twice"),
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
});

interface ProposalRecord {
  id: string;
  status: string;
  decisions: Array<{ actorKind: string; actor: string; verdict: string; reason: string | null; promotion: { kind: string; label: string } | null; ruleVerdict: Record<string, unknown> }>;
}

async function record(request: APIRequestContext, token: string, key: string, of = ids): Promise<ProposalRecord> {
  const res = await request.get(`/api/v1/proposals?experiment=${encodeURIComponent(of.experiment)}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  const { proposals } = (await res.json()) as { proposals: ProposalRecord[] };
  return proposals.find((p) => p.id === of.proposal(key))!;
}

/** Clicks a decision button but stops the action's request before it reaches the server, and returns it. */
async function captureAction(page: Page, click: () => Promise<void>): Promise<Request> {
  let captured: Request | null = null;
  await page.route("**/*", async (route) => {
    if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
      captured = route.request();
      await route.abort();
    } else {
      await route.continue();
    }
  });
  await click();
  await expect.poll(() => captured !== null, { message: "no server action was posted" }).toBe(true);
  await page.unroute("**/*");
  return captured!;
}

/** Posts a captured server action again, as whoever `request` is signed in as; answers the action's result text. */
async function replay(request: APIRequestContext, action: Request, baseURL: string, edit: (body: string) => string = (b) => b): Promise<string> {
  const headers = action.headers();
  const res = await request.post(action.url(), {
    headers: {
      "next-action": headers["next-action"],
      "content-type": headers["content-type"],
      "next-router-state-tree": headers["next-router-state-tree"] ?? "",
      accept: "text/x-component",
      origin: baseURL,
    },
    data: Buffer.from(edit(action.postDataBuffer()!.toString("utf8")), "utf8"),
  });
  expect(res.status()).toBe(200);
  return res.text();
}

test("an approve against the rule needs a reason; changing one's mind appends and moves the incumbent back", async ({ page }) => {
  await page.goto(pagePath("bad"));
  const form = page.getByRole("form", { name: "Decide" });
  await expect(page.getByRole("region", { name: "Comparison" }).getByText("pass rate +100.0 % but trainable rate −100.0 %: reject")).toBeVisible();
  await form.getByRole("button", { name: "Approve" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "reason: the acceptance rule says reject (pass rate +100.0 % but trainable rate −100.0 %: reject): say why you approve it against it",
  );
  await expect(page.getByText("No decision yet.")).toBeVisible();

  await form.getByLabel("Reason").fill("the trainable rate drop is two tasks; the review hook catches real bugs");
  await form.getByRole("button", { name: "Approve" }).click();
  await expect(form.getByRole("status")).toHaveText(`Approved “${TITLES.bad}”; its candidate is now the incumbent H0+bad (numbered H1 in promotion order).`);
  const history = page.getByRole("list", { name: "Decision history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("decided against it");
  await expect(page.getByRole("region", { name: "About this proposal" })).toContainText("H0+bad (numbered H1 in promotion order) — this proposal's candidate");

  await form.getByLabel("Reason").fill("held-out suite regressed after all");
  await form.getByRole("button", { name: "Reject" }).click();
  await expect(form.getByRole("status")).toHaveText(`Rejected “${TITLES.bad}”; H0+bad (numbered H1 in promotion order) is no longer the incumbent.`);
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("took back H0+bad (numbered H1 in promotion order)");
  await expect(history.getByRole("listitem").first()).toContainText("held-out suite regressed after all");
  await expect(page.getByRole("region", { name: "About this proposal" })).toContainText("H0 — the initial version");
});

test("one form submitted twice decides once; a proposal that does not exist is named; nothing else is written", async ({ page, request, server }) => {
  await page.goto(pagePath("good", twice));
  const form = page.getByRole("form", { name: "Decide" });
  const action = await captureAction(page, () => form.getByRole("button", { name: "Approve" }).click());

  const missing = await replay(request, action, server.baseURL, (body) => body.replaceAll(twice.proposal("good"), twice.proposal("nowhere")));
  expect(missing).toContain(`proposal: \\"${twice.proposal("nowhere")}\\" does not exist; nothing was recorded`);

  expect(await replay(request, action, server.baseURL)).toContain('"ok":true');
  const again = await replay(request, action, server.baseURL);
  expect(again).toContain("this form was already submitted");
  expect(again).toContain("the repeat was not recorded");

  const good = await record(request, server.adminToken, "good", twice);
  expect(good.status).toBe("accepted");
  expect(good.decisions).toHaveLength(1);
  expect(good.decisions[0]).toMatchObject({ actorKind: "human", actor: "admin", verdict: "accept", promotion: { kind: "promote", label: "H1" } });
  expect(good.decisions[0].ruleVerdict).toMatchObject({ verdict: "accept", source: "rollouts", base: { rollouts: 4 }, candidate: { rollouts: 4 } });
});

test("a viewer is offered no decision, the keys do nothing, and a posted action is refused", async ({ page, browser, request, server }) => {
  // The admin's own form, captured so the viewer can post exactly what a reviewer's browser would.
  await page.goto(pagePath("viewer"));
  const action = await captureAction(page, () => page.getByRole("form", { name: "Decide" }).getByRole("button", { name: "Approve" }).click());

  const link = await createUserLink(page, "e2e-decide-viewer", "viewer");

  const context = await browser.newContext({ baseURL: server.baseURL, storageState: SIGNED_OUT });
  try {
    const viewer = await signInWith(context, link);

    await viewer.goto(`/proposals?experiment=${encodeURIComponent(ids.experiment)}`);
    const row = viewer.getByRole("row").filter({ has: viewer.getByRole("rowheader", { name: TITLES.viewer }) });
    await expect(row).toContainText("pending");
    await expect(viewer.getByRole("button", { name: /^(Approve|Reject) / })).toHaveCount(0);
    await expect(viewer.getByRole("columnheader", { name: "Decide" })).toHaveCount(0);
    await keysReady(viewer);
    await viewer.keyboard.press("j");
    await expect(viewer.getByRole("row", { selected: true })).toHaveCount(1);
    await viewer.keyboard.press("a");
    await viewer.keyboard.press("r");
    await expect(viewer.getByRole("dialog")).toHaveCount(0);

    await viewer.goto(pagePath("viewer"));
    await expect(viewer.getByRole("heading", { level: 1, name: TITLES.viewer })).toBeVisible();
    await expect(viewer.getByRole("form", { name: "Decide" })).toHaveCount(0);
    await expect(viewer.getByText("Reviewers and admins decide on proposals")).toBeVisible();

    const refused = await replay(context.request, action, server.baseURL);
    expect(refused).toContain("needs role reviewer");
  } finally {
    await context.close();
  }
  const untouched = await record(request, server.adminToken, "viewer");
  expect(untouched.status).toBe("pending");
  expect(untouched.decisions).toEqual([]);
});
