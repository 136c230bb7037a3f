// Issue 17: a sidecar (mini-swe-agent's preds.json and exit_statuses_<time>.yaml) imported after a trajectory that
// lacks what it says fills the stored rollout's unknown exit status, submission and model, instead of failing as "a
// different version of this file"; a sidecar that says otherwise than what is stored is refused naming both
// values; the trajectory alone again changes nothing. Through `harness-lab import --db`, with the real reader.
// The sidecars are written the way mini-swe-agent writes them (run/utils: update_preds_file, and the batch
// runner's exit_statuses_<time>.yaml with instances_by_exit_status).
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { stringify as toYaml } from "yaml";
import { openStore } from "../../../db/client";
import { fixturesDir } from "./formats/swe-test-files";
import { importCli } from "./import-cli.test-helper";

const INSTANCE = "sympy__sympy-20590";
const PATCH = "diff --git a/sympy/core/basic.py b/sympy/core/basic.py\n--- a/sympy/core/basic.py\n+++ b/sympy/core/basic.py\n@@ -1 +1 @@\n-x\n+y\n";

const importer = importCli("hl-sidecar-");

/** A mini-swe-agent batch output folder: trajs/<id>/<id>.traj.json (the legacy bare list: no exit status, no patch, no model). */
function batchFolder(name: string, sidecars: { status?: string; patch?: string; model?: string }): string {
  const root = path.join(importer.dir, name);
  fs.mkdirSync(path.join(root, INSTANCE), { recursive: true });
  fs.copyFileSync(path.join(fixturesDir, "mini-swe-agent-legacy-mswea.traj.json"), path.join(root, INSTANCE, `${INSTANCE}.traj.json`));
  if (sidecars.patch !== undefined) {
    const preds = { [INSTANCE]: { model_name_or_path: sidecars.model, instance_id: INSTANCE, model_patch: sidecars.patch } };
    fs.writeFileSync(path.join(root, "preds.json"), JSON.stringify(preds, null, 2));
  }
  if (sidecars.status !== undefined) {
    fs.writeFileSync(path.join(root, "exit_statuses_1763506501.7698028.yaml"), toYaml({ instances_by_exit_status: { [sidecars.status]: [INSTANCE] } }));
  }
  return root;
}

function importInto(db: string, paths: string[]): Promise<{ exit: number; out: string }> {
  return importer.run([...paths, "--experiment", "sidecars", "--run", "r1", "--db", db]);
}

function stored(db: string) {
  const store = openStore(db);
  try {
    return store.sqlite.prepare("SELECT exit_status, submission, json_extract(metadata, '$.model') AS model FROM rollouts").all();
  } finally {
    store.sqlite.close();
  }
}

describe("sidecars join a trajectory imported earlier", () => {
  it("fill the unknown exit status, submission and model; the trajectory alone or the folder again changes nothing", async () => {
    const db = path.join(importer.dir, "lab.db");
    const folder = batchFolder("run", { status: "Submitted", patch: PATCH, model: "anthropic/claude-sonnet-4-5" });
    const trajectory = path.join(folder, INSTANCE, `${INSTANCE}.traj.json`);
    const first = await importInto(db, [trajectory]);
    expect(first.exit, first.out).toBe(0);
    expect(stored(db)).toEqual([{ exit_status: null, submission: null, model: null }]);

    const late = await importInto(db, [folder]);
    expect(late.exit, late.out).toBe(0);
    expect(late.out).not.toMatch(/FAILED/);
    expect(stored(db)).toEqual([{ exit_status: "Submitted", submission: PATCH, model: "anthropic/claude-sonnet-4-5" }]);

    for (const again of [[trajectory], [folder]]) {
      const result = await importInto(db, again);
      expect(result.exit, result.out).toBe(0);
      expect(result.out).toMatch(/applied: +none/);
    }
    expect(stored(db)).toEqual([{ exit_status: "Submitted", submission: PATCH, model: "anthropic/claude-sonnet-4-5" }]);
  });

  it("one sidecar now, the other later: each fills only its own field", async () => {
    const db = path.join(importer.dir, "lab.db");
    expect((await importInto(db, [batchFolder("a", { status: "Submitted" })])).exit).toBe(0);
    expect(stored(db)).toEqual([{ exit_status: "Submitted", submission: null, model: null }]);
    const late = await importInto(db, [batchFolder("b", { status: "Submitted", patch: PATCH })]);
    expect(late.exit, late.out).toBe(0);
    expect(stored(db)).toEqual([{ exit_status: "Submitted", submission: PATCH, model: null }]);
  });

  it("a sidecar alone before its trajectories has nothing to fill and says to import it again after them", async () => {
    const db = path.join(importer.dir, "lab.db");
    const folder = batchFolder("run", { status: "Submitted", patch: PATCH });
    const alone = await importInto(db, [path.join(folder, "preds.json")]);
    expect(alone.exit, alone.out).toBe(0);
    expect(alone.out).toMatch(/1 of its instance\(s\) have no rollout in run "r1" yet; .*import it again after their trajectories, or together with them \(the folder\)/);
  });

  it("a sidecar that says otherwise than what is stored is refused, naming both values; nothing changes", async () => {
    const db = path.join(importer.dir, "lab.db");
    expect((await importInto(db, [batchFolder("a", { status: "Submitted", patch: PATCH })])).exit).toBe(0);
    const other = await importInto(db, [batchFolder("b", { status: "LimitsExceeded", patch: PATCH })]);
    expect(other.exit).toBe(1);
    expect(other.out).toMatch(/FAILED exit_status: rollout rollout-[0-9a-f]+ \(task swe-bench:sympy__sympy-20590\) was imported into run "r1" before from a different version of this file or its sidecars: it already has exit_status "Submitted"; this sends "LimitsExceeded"/);
    expect(other.out).toMatch(/import it into a new run \(--run NAME\)/);
    expect(stored(db)).toEqual([{ exit_status: "Submitted", submission: PATCH, model: null }]);
  });
});
