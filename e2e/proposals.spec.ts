// A reviewer rejects a pending proposal from the inbox: the reject asks for a reason in a dialog, the status
// follows, and the read API (which a trainer run with --review human polls) shows the person's decision.
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
  const dialog = page.getByRole("dialog", { name: `Reject “${title}”` });
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("reason: say why you reject it");

  await dialog.getByLabel("Reason").fill("trainable rate falls on the comparison set");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(row.getByText("rejected")).toBeVisible();

  const api = await request.get("/api/v1/proposals?experiment=gate-exp", { headers: bearer(server.adminToken) });
  const proposal = ((await api.json()) as { proposals: Array<{ id: string; decisions: Array<{ actorKind: string; verdict: string; reason: string }> }> }).proposals[0];
  expect(proposal.decisions).toEqual([expect.objectContaining({ actorKind: "human", verdict: "reject", reason: "trainable rate falls on the comparison set" })]);
});
