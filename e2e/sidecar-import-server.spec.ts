// Issue 39 (item 4): a sidecar imported on its own after its trajectories fills the stored rollouts through
// `harness-lab import --server` too. Before, the CLI read preds.json, sent nothing (events carry a sidecar's facts
// only on rollouts) and said "import it together with their trajectories" while the server's rollout kept no
// submission. The real CLI against the production server: the trajectory first, then preds.json alone, then again.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect, bearer } from "./fixtures";
import { PROJECT_ROOT } from "./state";

const INSTANCE = "sympy__sympy-20590";
const PATCH = "diff --git a/sympy/core/basic.py b/sympy/core/basic.py\n--- a/sympy/core/basic.py\n+++ b/sympy/core/basic.py\n@@ -1 +1 @@\n-x\n+y\n";
const MODEL = "anthropic/claude-sonnet-4-5";
const EXP = `e2e-sidecar-${Date.now().toString(36)}`;
const TRAJECTORY = path.join(PROJECT_ROOT, "test", "fixtures", "importers", "mini-swe-agent-legacy-mswea.traj.json");

let dir = "";
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-e2e-sidecar-"));
  fs.mkdirSync(path.join(dir, "run", INSTANCE), { recursive: true });
  fs.copyFileSync(TRAJECTORY, path.join(dir, "run", INSTANCE, `${INSTANCE}.traj.json`));
  fs.mkdirSync(path.join(dir, "later"));
  fs.writeFileSync(path.join(dir, "later", "preds.json"), JSON.stringify({ [INSTANCE]: { model_name_or_path: MODEL, instance_id: INSTANCE, model_patch: PATCH } }));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function importCli(baseURL: string, token: string, what: string) {
  const result = spawnSync(process.execPath, ["bin/harness-lab.mjs", "import", path.join(dir, what), "--experiment", EXP, "--run", "r1", "--server", baseURL], {
    cwd: PROJECT_ROOT, env: { ...process.env, HARNESS_LAB_TOKEN: token }, encoding: "utf8", timeout: 120_000,
  });
  return { exit: result.status, out: `${result.stdout}${result.stderr}` };
}

test("preds.json imported alone with --server fills the rollout stored earlier; again changes nothing", async ({ request, server }) => {
  test.setTimeout(180_000);
  const first = importCli(server.baseURL, server.adminToken, "run");
  expect(first.exit, first.out).toBe(0);
  const list = await (await request.get(`/api/v1/rollouts?experiment=${encodeURIComponent(EXP)}`, { headers: bearer(server.adminToken) })).json();
  const ids = (list.rollouts as Array<{ id: string }>).map((r) => r.id);
  expect(ids).toHaveLength(1);
  const submission = async () => (await (await request.get(`/api/v1/rollouts/${encodeURIComponent(ids[0])}/submission`, { headers: bearer(server.adminToken) })).json()).submission;
  expect(await submission()).toBeNull();

  const preds = importCli(server.baseURL, server.adminToken, "later/preds.json");
  expect(preds.exit, preds.out).toBe(0);
  expect(preds.out).toMatch(/filled what 1 rollout\(s\) imported earlier into run "r1" did not know .*\(on the server\)/);
  expect(preds.out).not.toMatch(/no trajectory in this import/);
  expect(await submission()).toBe(PATCH);

  const again = importCli(server.baseURL, server.adminToken, "later/preds.json");
  expect(again.exit, again.out).toBe(0);
  expect(again.out).not.toMatch(/filled what/);
  expect(await submission()).toBe(PATCH);

  // A sidecar that says otherwise is refused with the server's reason, naming the field; nothing changes.
  fs.writeFileSync(path.join(dir, "later", "preds.json"), JSON.stringify({ [INSTANCE]: { model_name_or_path: MODEL, instance_id: INSTANCE, model_patch: `${PATCH}+z\n` } }));
  const other = importCli(server.baseURL, server.adminToken, "later/preds.json");
  expect(other.exit, other.out).toBe(1);
  expect(other.out).toMatch(/refused it \(422\):.*submission.*already has/);
  expect(await submission()).toBe(PATCH);
});
