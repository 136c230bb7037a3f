// The comparator must see what an export could get wrong: a changed turn, a dropped rollout, an extra row, a
// changed file content, a changed metric; and must not report the store-local columns it leaves out.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openStore, type Store } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { exampleEvents } from "../../events/examples";
import { syncDirectory } from "../sync/sync-directory";
import { compareExperiments } from "./compare-experiments";
import { exportExperiment } from "./export-experiment";

const EXP = "ex-exp";
let dir: string;
let original: Store;
let copy: Database.Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-compare-"));
  original = openStore(path.join(dir, "a.db"));
  expect(applyEvents(original, [...exampleEvents("ex"), ...exampleEvents("other")])).toMatchObject({ ok: true });
  // The copy is made the way a researcher makes one: export, then sync into an empty store.
  expect(exportExperiment(original.sqlite, EXP, path.join(dir, "export"))).toMatchObject({ ok: true });
  const second = openStore(path.join(dir, "b.db"));
  expect(await syncDirectory({ dir: path.join(dir, "export"), target: { kind: "db", store: second } })).toMatchObject({ ok: true });
  second.sqlite.close();
  copy = new Database(path.join(dir, "b.db"));
  // Tampering below bypasses the appliers on purpose, so foreign keys and append-only triggers are set aside.
  copy.pragma("foreign_keys = OFF");
});
afterEach(() => {
  original.sqlite.close();
  copy.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("compareExperiments", () => {
  it("finds no difference in an exported copy, whatever its ingestion times and row numbers", () => {
    copy.prepare("UPDATE rollouts SET created_at = created_at + 5000").run();
    copy.prepare("UPDATE turns SET id = id + 1000").run();
    expect(compareExperiments(original.sqlite, copy, EXP)).toEqual([]);
  });

  it("reports one changed turn's content, naming the table, row and column", () => {
    copy.prepare("UPDATE turns SET content = 'Let me look at the fonction.' WHERE rollout_id = 'ex-r-0-0' AND idx = 1").run();
    expect(compareExperiments(original.sqlite, copy, EXP)).toEqual([
      { table: "turns", key: "rollout_id=ex-r-0-0, idx=1", kind: "changed", column: "content", original: "Let me look at the function.", copy: "Let me look at the fonction." },
    ]);
  });

  it("reports a dropped rollout with its turns and hook messages, and an extra row in the copy", () => {
    for (const table of ["hook_events", "turns"]) copy.prepare(`DELETE FROM ${table} WHERE rollout_id = 'ex-r-1-1'`).run();
    copy.prepare("DELETE FROM rollouts WHERE id = 'ex-r-1-1'").run();
    copy.prepare("INSERT INTO metric_points (run_id, key, step, value, time) VALUES ('ex-run', 'extra/key', 9, 1, 0)").run();
    const found = compareExperiments(original.sqlite, copy, EXP);
    expect(found).toContainEqual({ table: "rollouts", key: "id=ex-r-1-1", kind: "missing" });
    expect(found.filter((d) => d.table === "turns" && d.kind === "missing")).toHaveLength(3);
    expect(found).toContainEqual({ table: "hook_events", key: "rollout_id=ex-r-1-1, turn_idx=1, seq=0", kind: "missing" });
    expect(found).toContainEqual({ table: "metric_points", key: "run_id=ex-run, key=extra/key, step=9", kind: "extra" });
  });

  it("reports a changed harness file content and a changed decision, and stops at the limit", () => {
    const hash = copy.prepare("SELECT blob_hash FROM harness_files WHERE harness_version_id = 'ex-h1' AND path = 'hooks/report_failures.py'").pluck().get();
    copy.prepare("UPDATE blobs SET content = 'def hook(action):\n    return None\n' WHERE hash = ?").run(hash);
    const triggers = copy.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'decisions'").pluck().all() as string[];
    for (const t of triggers) copy.prepare(`DROP TRIGGER ${t}`).run();
    copy.prepare("UPDATE decisions SET reason = 'changed' WHERE id = 'ex-dec'").run();
    const found = compareExperiments(original.sqlite, copy, EXP);
    expect(found.map((d) => [d.table, d.column])).toEqual(expect.arrayContaining([["harness_files", "blob_content"], ["decisions", "reason"]]));
    expect(compareExperiments(original.sqlite, copy, EXP, { limit: 1 })).toHaveLength(1);
  });

  it("only looks at the experiment asked for", () => {
    original.sqlite.pragma("foreign_keys = OFF");
    original.sqlite.prepare("UPDATE turns SET content = 'x' WHERE rollout_id LIKE 'other-%'").run();
    expect(compareExperiments(original.sqlite, copy, EXP)).toEqual([]);
    expect(compareExperiments(original.sqlite, copy, "other-exp")[0]).toMatchObject({ table: "experiments", kind: "missing" });
  });
});
