// The Harness-R1 patches page: a failure packet with its text and source rollouts, its K = 8 patches (valid or
// not, complete or not) with success before and after, Δ and reward, the best patch marked and pointing at the
// proposal that promotes it, and that patch's hook code against the target's current hooks.
import { harnessR1Events, harnessR1Ids, PACKET_TEXT } from "../test/fixtures/harness-r1/events";
import { test, expect, bearer } from "./fixtures";

const P = "e2e-r1";
const ids = harnessR1Ids(P);
const enc = encodeURIComponent;
const pagePath = `/experiments/${enc(ids.experiment)}/patches`;

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: harnessR1Events(P) });
  expect(res.status(), await res.text()).toBe(200);
});

test("shows the newest packet's 8 patches with the best one marked, its reward and its proposal", async ({ page }) => {
  await page.goto(pagePath);
  await expect(page.getByRole("heading", { level: 1, name: "Harness-R1 patches" })).toBeVisible();
  // Newest first.
  await expect(page.getByRole("heading", { level: 2, name: /^Failure packet/ })).toHaveText([
    `Failure packet ${ids.packet}`,
    `Failure packet ${ids.olderPacket}`,
  ]);

  const packet = page.getByRole("region", { name: `Failure packet ${ids.packet}` });
  await expect(packet.getByText("webshop", { exact: true })).toBeVisible();
  await expect(packet.getByText("frozen target")).toBeVisible();

  // The text is collapsed behind its size until opened.
  const lines = PACKET_TEXT.split("\n");
  const summary = packet.getByText(`Packet text (${lines.length} lines, ${PACKET_TEXT.length} characters)`);
  await expect(packet.getByText(lines[3])).toBeHidden();
  await summary.click();
  await expect(packet.getByText(lines[3])).toBeVisible();

  // Source rollouts, linked with their outcome.
  const sources = packet.getByRole("list", { name: `Source rollouts of ${ids.packet}` });
  await expect(sources.getByRole("listitem")).toHaveCount(3);
  for (const id of ids.failed) {
    const item = sources.getByRole("listitem").filter({ has: page.getByRole("link", { name: id, exact: true }) });
    await expect(item.getByRole("link")).toHaveAttribute("href", `/rollouts/${enc(id)}`);
    await expect(item.getByText("failure", { exact: true })).toBeVisible();
  }
  await expect(sources.getByRole("listitem").filter({ hasText: ids.failed[2] }).getByText("truncated")).toBeVisible();

  // The K = 8 patches, one row each, and exactly one marked best: #3, not #7 (which re-ran best but is invalid).
  const table = packet.getByRole("table");
  await expect(table.getByRole("rowheader")).toHaveCount(8);
  const row = (k: number) => table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^#${k}\\b`) }) });
  await expect(table.getByRole("rowheader").filter({ hasText: "best" })).toHaveText(["#3 best"]);

  const cells = (k: number) => row(k).getByRole("cell");
  // Columns: hooks, valid, complete, baseline, patched, Δ, reward, proposal, code.
  await expect(cells(3).nth(0).getByText("episode_init")).toBeVisible();
  await expect(cells(3).nth(0).getByText("pre_action")).toBeVisible();
  await expect(cells(3).nth(1)).toHaveText("valid");
  await expect(cells(3).nth(2)).toHaveText("complete");
  await expect(cells(3).nth(3)).toHaveText("25.0%");
  await expect(cells(3).nth(4)).toHaveText("75.0%");
  await expect(cells(3).nth(5)).toHaveText("+50.0 pp");
  await expect(cells(3).nth(6)).toHaveText("+0.5");
  await expect(cells(3).nth(7).getByRole("link", { name: "Normalise queries and remember them" })).toHaveAttribute(
    "href",
    `/proposals/${enc(ids.proposal)}`,
  );
  await expect(cells(3).nth(7).getByText("pending")).toBeVisible();
  await expect(cells(3).nth(8)).toHaveText("shown below");

  await expect(cells(0).nth(6)).toHaveText("+0.25");
  await expect(cells(4).nth(5)).toHaveText("−12.5 pp");
  await expect(cells(4).nth(6)).toHaveText("−0.125");
  await expect(cells(7).nth(1)).toHaveText("invalid");
  await expect(cells(7).nth(5)).toHaveText("+75.0 pp");
  await expect(cells(7).nth(6)).toHaveText("0");
  await expect(cells(2).nth(0)).toHaveText("none");
  await expect(cells(2).nth(2)).toHaveText("incomplete");
  await expect(cells(2).nth(4)).toHaveText("—");
  await expect(cells(5).nth(7)).toHaveText("none");

  // Promoting the best patch is an approval on its proposal page.
  const note = packet.getByRole("note", { name: "Best patch" });
  await expect(note).toContainText("Best patch: #3, reward +0.5");
  await expect(note.getByRole("link", { name: "review it on its proposal page" })).toHaveAttribute("href", `/proposals/${enc(ids.proposal)}`);

  // The best patch's hook code, candidate against base, with the way to the full diff.
  const code = packet.getByRole("region", { name: "Code of patch #3" });
  await expect(code.getByRole("heading", { name: "Code of patch #3: H0 → H0 + patch 3" })).toBeVisible();
  await expect(code.getByRole("heading", { level: 4 })).toHaveText([/hooks\/episode_init\.py\s*added\s*episode_init/, /hooks\/pre_action\.py\s*modified\s*pre_action/]);
  // Each hook file in the Monaco diff (its lines render once the editor has loaded).
  await expect(code.getByRole("group", { name: "hooks/pre_action.py: H0 → H0 + patch 3" })).toContainText("return action.strip().lower()", { timeout: 20_000 });
  await expect(code.getByRole("group", { name: "hooks/episode_init.py: H0 → H0 + patch 3" })).toContainText("state['tried_queries'] = []", { timeout: 20_000 });
  await expect(code.getByText("prompts/system.md")).toBeVisible();
  await expect(code.getByRole("link", { name: "Open the diff" }).first()).toHaveAttribute(
    "href",
    `/harness-versions/compare?base=${enc(ids.h0)}&candidate=${enc(ids.candidate)}`,
  );

  // A packet whose patches are all invalid has no best patch.
  // Folded to its heading line (one packet open at a time): it opens on a click.
  const older = page.getByRole("region", { name: `Failure packet ${ids.olderPacket}` });
  await expect(older.getByText("2 patches, no best patch")).toBeVisible();
  await older.getByRole("heading", { level: 2 }).click();
  await expect(older.getByRole("rowheader")).toHaveText(["#0", "#1"]);
  await expect(older.getByText("this packet has no best patch")).toBeVisible();
});

test("an unknown experiment is a 404", async ({ page }) => {
  const res = await page.goto(`/experiments/${enc(`${P}:nope`)}/patches`);
  expect(res?.status()).toBe(404);
});

test("an engineer patch's proposal page carries its evaluations: baseline, patched, Δ, reward and the packet's best", async ({ page }) => {
  // Reproduced in the outside review: the page said "No candidate comparison has been recorded", so the
  // reviewer decided blind while the patch was its packet's best (+50 pp here).
  await page.goto(`/proposals/${enc(ids.proposal)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Normalise queries and remember them" })).toBeVisible();
  await expect(page.getByText("No candidate comparison has been recorded")).toHaveCount(0);
  const section = page.getByRole("region", { name: "Patch evaluations" });
  await expect(section.getByLabel("Patch effect")).toContainText("Δ success (patched − baseline) +50.0 pp (one packet: no interval) over 1 packet");
  await expect(section.getByLabel("Patch effect")).toContainText("the best patch of 1 of its 1 packet");
  const row = section.getByRole("table", { name: "Patch evaluations" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: ids.packet }) });
  await expect(row.getByRole("cell")).toHaveText(["engineer on failure packets", "yes", "yes", "25.0%", "75.0%", "+50.0 pp", "+50.0 pp", "yes"]);
  await row.getByRole("link", { name: "engineer on failure packets" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${enc(ids.run).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
});
