// Issue 39: a sidecar imported on its own AFTER its trajectories (mini-swe-agent's preds.json and
// exit_statuses_<time>.yaml, SWE-agent's all_preds.jsonl) fills the stored rollouts' unknown exit status, submission
// and model, as a SWE-bench report imported later joins its verdicts; before, it filled nothing and only said "import
// it together with their trajectories". Through `harness-lab import --db` and the upload route's store import (the
// same session, one transaction), with the real readers. Sidecars written as mini-swe-agent writes them
// (run/utils update_preds_file; the batch runner's exit_statuses_<time>.yaml) and as SWE-agent writes all_preds.jsonl.
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { stringify as toYaml } from "yaml";
import { openStore, type Store } from "../../../db/client";
import { fixturesDir } from "./formats/swe-test-files";
import { importCli } from "./import-cli.test-helper";
import { importJobIntoStore } from "./import-job";
import { resolveTarget, storeLookup } from "./resolve-target";
import type { ImportReport } from "./report";

const INSTANCE = "sympy__sympy-20590";
const PATCH = "diff --git a/sympy/core/basic.py b/sympy/core/basic.py\n--- a/sympy/core/basic.py\n+++ b/sympy/core/basic.py\n@@ -1 +1 @@\n-x\n+y\n";
const MODEL = "anthropic/claude-sonnet-4-5";
const TRAJECTORY = fs.readFileSync(path.join(fixturesDir, "mini-swe-agent-legacy-mswea.traj.json"));

const predsJson = (patch = PATCH) => JSON.stringify({ [INSTANCE]: { model_name_or_path: MODEL, instance_id: INSTANCE, model_patch: patch } }, null, 2);
const exitStatuses = (status: string) => toYaml({ instances_by_exit_status: { [status]: [INSTANCE] } });
const allPredsJsonl = () => `${JSON.stringify({ model_name_or_path: MODEL, instance_id: INSTANCE, model_patch: PATCH })}\n`;

const importer = importCli("hl-sidecar-alone-");

function write(relative: string, content: string | Buffer): string {
  const file = path.join(importer.dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

function cli(db: string, paths: string[]): Promise<{ exit: number; out: string }> {
  return importer.run([...paths, "--experiment", "sidecars", "--run", "r1", "--db", db]);
}

function rows(db: string) {
  const store = openStore(db);
  try {
    return store.sqlite.prepare("SELECT exit_status, submission, json_extract(metadata, '$.model') AS model FROM rollouts").all();
  } finally {
    store.sqlite.close();
  }
}

describe("a sidecar imported on its own after the trajectories (harness-lab import --db)", () => {
  it("preds.json then exit_statuses_*.yaml, each alone, fill the stored rollout; every re-import changes nothing", async () => {
    const db = path.join(importer.dir, "lab.db");
    const trajectory = write(`run/${INSTANCE}/${INSTANCE}.traj.json`, TRAJECTORY);
    expect((await cli(db, [path.join(importer.dir, "run")])).exit).toBe(0);
    expect(rows(db)).toEqual([{ exit_status: null, submission: null, model: null }]);

    const preds = await cli(db, [write("later/preds.json", predsJson())]);
    expect(preds.exit, preds.out).toBe(0);
    expect(preds.out).toMatch(/filled what 1 rollout\(s\) imported earlier into run "r1" did not know/);
    expect(preds.out).not.toMatch(/no trajectory in this import/);
    expect(rows(db)).toEqual([{ exit_status: null, submission: PATCH, model: MODEL }]);

    const statuses = await cli(db, [write("later/exit_statuses_1763506501.7698028.yaml", exitStatuses("Submitted"))]);
    expect(statuses.exit, statuses.out).toBe(0);
    expect(rows(db)).toEqual([{ exit_status: "Submitted", submission: PATCH, model: MODEL }]);

    // The trajectory alone, a sidecar alone, and the trajectory with both sidecars: all already known.
    write(`run/preds.json`, predsJson());
    write(`run/exit_statuses_1763506501.7698028.yaml`, exitStatuses("Submitted"));
    for (const again of [[trajectory], [path.join(importer.dir, "later", "preds.json")], [path.join(importer.dir, "run")]]) {
      const result = await cli(db, again);
      expect(result.exit, result.out).toBe(0);
      expect(result.out).toMatch(/applied: +none/);
    }
    expect(rows(db)).toEqual([{ exit_status: "Submitted", submission: PATCH, model: MODEL }]);
  });

  it("SWE-agent's all_preds.jsonl alone fills the submission and model", async () => {
    const db = path.join(importer.dir, "lab.db");
    write(`run/${INSTANCE}/${INSTANCE}.traj.json`, TRAJECTORY);
    expect((await cli(db, [path.join(importer.dir, "run")])).exit).toBe(0);
    const late = await cli(db, [write("later/all_preds.jsonl", allPredsJsonl())]);
    expect(late.exit, late.out).toBe(0);
    expect(rows(db)).toEqual([{ exit_status: null, submission: PATCH, model: MODEL }]);
  });

  it("a sidecar alone that says otherwise than what is stored is refused, naming both values; nothing changes", async () => {
    const db = path.join(importer.dir, "lab.db");
    write(`run/${INSTANCE}/${INSTANCE}.traj.json`, TRAJECTORY);
    write("run/exit_statuses_1.yaml", exitStatuses("Submitted"));
    expect((await cli(db, [path.join(importer.dir, "run")])).exit).toBe(0);
    const other = await cli(db, [write("later/exit_statuses_2.yaml", exitStatuses("LimitsExceeded")), write("later/preds.json", predsJson())]);
    expect(other.exit).toBe(1);
    expect(other.out).toMatch(/FAILED exit_status: rollout rollout-[0-9a-f]+ \(task swe-bench:sympy__sympy-20590\) already has exit_status "Submitted"; this sidecar says "LimitsExceeded"/);
    expect(rows(db)).toEqual([{ exit_status: "Submitted", submission: PATCH, model: MODEL }]);
  });

  it("a sidecar alone before any trajectory fills nothing and says to import it again after them", async () => {
    const db = path.join(importer.dir, "lab.db");
    const alone = await cli(db, [write("later/preds.json", predsJson())]);
    expect(alone.exit, alone.out).toBe(0);
    expect(alone.out).toMatch(/1 of its instance\(s\) have no rollout in run "r1" yet; .*import it again after their trajectories/);
  });
});

describe("a sidecar uploaded on its own after the trajectories (the upload route's store import)", () => {
  const upload = async (store: Store, files: Array<[string, string | Buffer]>): Promise<ImportReport> => {
    const resolved = await resolveTarget(storeLookup(store), { experiment: "sidecars", run: "r1" });
    if (!resolved.ok) throw new Error(resolved.reason);
    const result = importJobIntoStore(store, {
      files: files.map(([name, content]) => ({ name, bytes: new Uint8Array(Buffer.from(content)) })),
      target: resolved.target, arrivedVia: "unknown", maxTotalBytes: 64 * 1024 * 1024, outcomes: null,
    });
    if (!result.ok) throw new Error(result.aborted);
    return result.report;
  };

  it("fills the rollout uploaded earlier; uploading it again changes nothing", async () => {
    const store = openStore(":memory:");
    expect((await upload(store, [[`run/${INSTANCE}/${INSTANCE}.traj.json`, TRAJECTORY]])).ok).toBe(true);
    const late = await upload(store, [["later/preds.json", predsJson()], ["later/exit_statuses_9.yaml", exitStatuses("Submitted")]]);
    expect(late.ok, JSON.stringify(late.files)).toBe(true);
    expect(late.totals.applied).toEqual({ rollout: 2 });
    expect(store.sqlite.prepare("SELECT exit_status, submission, json_extract(metadata, '$.model') AS model FROM rollouts").all())
      .toEqual([{ exit_status: "Submitted", submission: PATCH, model: MODEL }]);
    const again = await upload(store, [["later/preds.json", predsJson()], [`run/${INSTANCE}/${INSTANCE}.traj.json`, TRAJECTORY]]);
    expect(again.ok).toBe(true);
    expect(again.totals.applied).toEqual({});
  });
});
