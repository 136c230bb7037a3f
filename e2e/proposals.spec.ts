// A reviewer decides on a pending proposal in the dashboard: a reject needs a reason, the status follows,
// and the read API (which a trainer run with --review human polls) shows the person's decision.
import { exampleEvents } from "../lib/events/examples";
import { test, expect, bearer } from "./fixtures";

test("a pending proposal is rejected with a reason, and the read API shows who decided", async ({ page, request, server }) => {
  const events = exampleEvents("gate").filter((e) => e.type !== "decision");
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto("/proposals?experiment=gate-exp");
  const title = "Report failing tests before submission";
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
  await expect(row.getByText("pending")).toBeVisible();

  await row.getByRole("button", { name: `Reject ${title}` }).click();
  await expect(row.getByText(/reason: say why you reject it/)).toBeVisible();

  await row.getByLabel(`Reason for ${title}`).fill("trainable rate falls on the comparison set");
  await row.getByRole("button", { name: `Reject ${title}` }).click();
  await expect(row.getByText("rejected")).toBeVisible();

  const api = await request.get("/api/v1/proposals?experiment=gate-exp", { headers: bearer(server.adminToken) });
  const proposal = ((await api.json()) as { proposals: Array<{ id: string; decisions: Array<{ actorKind: string; verdict: string; reason: string }> }> }).proposals[0];
  expect(proposal.decisions).toEqual([expect.objectContaining({ actorKind: "human", verdict: "reject", reason: "trainable rate falls on the comparison set" })]);
});
