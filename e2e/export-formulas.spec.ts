// CSV formula injection in header cells (issue 13, finding 6). The cost comparison heads its columns with
// experiment names; an experiment named like a DDE payload must reach the downloaded CSV defused (a leading
// apostrophe), not as a formula a spreadsheet would run when the file is opened.
import fs from "node:fs";
import { test, expect, bearer } from "./fixtures";

const P = `e2e-csv-header-${Date.now()}`;
const PAYLOAD = "=cmd|' /C calc'!A0";

test("an experiment named like a formula is defused in the header of a downloaded CSV", async ({ page, request, server }) => {
  const events = [
    { type: "experiment", id: `${P}-base`, name: "baseline", method: "custom" },
    { type: "experiment", id: `${P}-evil`, name: PAYLOAD, method: "custom" },
  ];
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto(`/compare/cost?experiments=${P}-base,${P}-evil`);
  const exportBar = page.getByRole("group", { name: "Export cost side by side" });
  const [download] = await Promise.all([page.waitForEvent("download"), exportBar.getByRole("button", { name: "Download CSV" }).click()]);
  const header = fs.readFileSync((await download.path())!, "utf8").split("\r\n")[0].split(",");
  expect(header.slice(0, 6)).toEqual(["Quantity", "Group", "baseline", "baseline reported by", `'${PAYLOAD}`, `'${PAYLOAD} reported by`]);
  expect(header.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
});
