// Issue 18, item 2: a run that says "running" but has no job and has sent nothing for hours (its trainer died
// without a word) is shown as stale — "running · no heartbeat for 3 h" — on the experiments list (not as a
// running experiment), the overview (not counted active) and the cost page (lib/domain/run-staleness.ts). The
// three hours are simulated by moving the run's stored timestamps back, as if its last event came 3 h ago.
import path from "node:path";
import Database from "better-sqlite3";
import { experimentCostPath, experimentPath } from "../lib/http/page-links";
import { test, expect, bearer } from "./fixtures";

const P = "e2e-stale";
const EXP = `${P}-exp`;
const RUN = `${P}-run`;
const SILENT_MS = 3 * 3_600_000 + 5 * 60_000;

test.beforeAll(async ({ server, request }) => {
  const res = await request.post("/api/v1/events", {
    headers: bearer(server.adminToken),
    data: [
      { type: "experiment", id: EXP, name: "E2E stale run", method: "grpo" },
      { type: "run", id: RUN, experiment: EXP, kind: "train", status: "running", name: "trainer that died", started_at: Date.now() },
      { type: "task", id: `${P}-task`, key: `${P}-task`, benchmark: "mini-train" },
      { type: "rollout", id: `${P}-r0`, experiment: EXP, run: RUN, task: `${P}-task`, purpose: "train", step: 0, group: "g", sample_index: 0, success: true, reward: 1, turns: [] },
      { type: "metrics", run: RUN, step: 0, values: { "critic/score/mean": 0.5 } },
    ],
  });
  expect(res.status(), await res.text()).toBe(200);
  // Its last word was three hours ago: move every timestamp of the run back (the store is in WAL mode; one short write).
  const db = new Database(path.join(server.tmpDir, "e2e.db"));
  try {
    db.pragma("busy_timeout = 10000");
    db.transaction(() => {
      db.prepare("UPDATE runs SET updated_at = updated_at - ?, started_at = started_at - ?, created_at = created_at - ? WHERE id = ?").run(SILENT_MS, SILENT_MS, SILENT_MS, RUN);
      db.prepare("UPDATE rollouts SET created_at = created_at - ? WHERE run_id = ?").run(SILENT_MS, RUN);
      db.prepare("UPDATE metric_points SET time = coalesce(time, 0) - ? WHERE run_id = ? AND time IS NOT NULL").run(SILENT_MS, RUN);
    })();
  } finally {
    db.close();
  }
});

test("a running run without a job or heartbeat for 3 h is stale on the experiments list, the overview and the cost page", async ({ page }) => {
  await page.goto("/experiments");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "E2E stale run", exact: true }) });
  await expect(row.getByText("stale", { exact: true })).toBeVisible();
  await expect(row).toContainText("1 run without heartbeat");
  await expect(row.getByText("running", { exact: true })).toHaveCount(0);

  await page.goto(experimentPath(EXP));
  await expect(page.getByLabel("Experiment summary")).toContainText("none active, 1 stale (no heartbeat)");
  const runRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "trainer that died" }) });
  await expect(runRow).toContainText("running · no heartbeat for 3 h");
  await expect(runRow.getByText("stale", { exact: true })).toBeVisible();

  await page.goto(experimentCostPath(EXP));
  const costRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: "trainer that died" }) });
  await expect(costRow).toContainText("running · no heartbeat for 3 h");
});
