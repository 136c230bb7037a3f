// The per-step training counts kept on write (migration 0011's triggers) against the recomputation from the
// raw rows (the one definition in lib/curves/training-series.ts): after ingestion of many randomly shaped
// train rollouts, after outcome updates (as the verdict join makes) and other changes, after deletes, and for
// a store that had rollouts before the migration (its backfill).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { mulberry32 } from "../../lib/stats/prng";
import { stepsByRun } from "../../lib/curves/pass-at-1-markers";
import { countTrainRollouts, loadTrainSteps, loadTrainStepVersions, recomputeTrainStepVersions, recomputeTrainSteps } from "./train-step-rates";

const EXP = "exp-steps";
const RUNS = ["run-a", "run-b"];
const T0 = Date.UTC(2026, 0, 1);

const stores: Store[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.sqlite.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Train rollouts of every shape the rates care about: groups of 1–6 and none, unknown rewards, truncations, no epoch, no time, 3 versions and none. */
function rolloutEvents(count: number, seed: number, prefix = "r") {
  const random = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  return Array.from({ length: count }, (_, i) => {
    const success = random() < 0.4;
    const event: Record<string, unknown> = {
      type: "rollout", id: `${prefix}-${i}`, experiment: EXP, run: pick(RUNS), task: pick(["t0", "t1", "t2"]),
      purpose: random() < 0.85 ? "train" : "eval", step: random() < 0.95 ? Math.floor(random() * 6) : undefined,
      success, reward: random() < 0.1 ? null : success ? pick([1, 0.75]) : pick([0, 0.25]), truncated: !success && random() < 0.2,
      exit_status: "submitted", turns: [], sample_index: 0,
    };
    if (random() < 0.8) event.group = `g${Math.floor(random() * 8)}`;
    if (random() < 0.9) event.epoch = 1 + Math.floor(random() * 3);
    if (random() < 0.9) event.started_at = T0 + Math.floor(random() * 1e6);
    if (random() < 0.85) event.harness_version = pick(["h1", "h2", "h3"]);
    return event;
  });
}

function setUp(store: Store) {
  const outcome = applyEvents(store, [
    { type: "experiment", id: EXP, name: "Steps", method: "grpo" },
    ...RUNS.map((id) => ({ type: "run", id, experiment: EXP, kind: "train", status: "running" })),
    ...["h1", "h2", "h3"].map((id) => ({ type: "harness_version", id, experiment: EXP, label: id.toUpperCase(), files: [{ path: "a.sh", kind: "tool", content: id }] })),
    ...["t0", "t1", "t2"].map((id) => ({ type: "task", id, key: id, benchmark: "b" })),
  ]);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

function ingest(store: Store, events: Record<string, unknown>[]) {
  for (let i = 0; i < events.length; i += 50) {
    const outcome = applyEvents(store, events.slice(i, i + 50));
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
  }
}

function expectKeptEqualsRecomputed(store: Store) {
  for (const run of RUNS) {
    const recomputed = recomputeTrainSteps(store, run);
    expect(recomputed.length).toBeGreaterThan(0);
    expect(loadTrainSteps(store, run)).toEqual(recomputed);
    expect(countTrainRollouts(store, run)).toBe(recomputed.reduce((n, s) => n + s.rates.rollouts, 0));
    // The pass@1 markers' steps (majority version, epoch, time per step) from the kept counts, as from the rows.
    const markerSteps = stepsByRun(recomputeTrainStepVersions(store, run));
    expect(markerSteps.get(run)?.length).toBe(recomputed.length);
    expect(stepsByRun(loadTrainStepVersions(store, run))).toEqual(markerSteps);
  }
}

describe("per-step training counts kept on write", () => {
  it("equal the recomputation from the raw rows after ingestion", () => {
    const store = openStore(":memory:");
    stores.push(store);
    setUp(store);
    ingest(store, rolloutEvents(600, 1));
    expectKeptEqualsRecomputed(store);
    // Enough mixed groups, unknown rewards and singletons that the comparison means something.
    const steps = loadTrainSteps(store, RUNS[0]);
    expect(steps.some((s) => s.rates.mixedGroups > 0 && s.rates.mixedGroups < s.rates.groups)).toBe(true);
    expect(steps.some((s) => s.harnessVersionId !== null)).toBe(true);
  });

  it("follow outcome updates (the verdict join), moves between steps and groups, and deletes", () => {
    const store = openStore(":memory:");
    stores.push(store);
    setUp(store);
    ingest(store, rolloutEvents(400, 2));
    const sqlite = store.sqlite;
    const random = mulberry32(3);
    const ids = sqlite.prepare("SELECT id FROM rollouts ORDER BY id").pluck().all() as string[];
    for (const id of ids.filter(() => random() < 0.3)) {
      const success = random() < 0.5;
      sqlite.prepare("UPDATE rollouts SET success = ?, reward = ? WHERE id = ?").run(success ? 1 : 0, random() < 0.1 ? null : success ? 1 : 0, id);
    }
    expectKeptEqualsRecomputed(store);
    for (const id of ids.filter(() => random() < 0.1)) {
      sqlite.prepare("UPDATE rollouts SET step = ?, group_id = ?, epoch = ?, truncated = ?, started_at = ? WHERE id = ?")
        .run(Math.floor(random() * 7), random() < 0.3 ? null : `g${Math.floor(random() * 8)}`, random() < 0.2 ? null : 1 + Math.floor(random() * 3), random() < 0.2 ? 1 : 0, random() < 0.2 ? null : T0 + Math.floor(random() * 2e6), id);
    }
    expectKeptEqualsRecomputed(store);
    sqlite.pragma("foreign_keys = OFF");
    for (const id of ids.filter(() => random() < 0.4)) sqlite.prepare("DELETE FROM rollouts WHERE id = ?").run(id);
    expectKeptEqualsRecomputed(store);
    // Deleting every train rollout of a step leaves no step behind.
    sqlite.prepare("DELETE FROM rollouts WHERE run_id = ? AND step = 0").run(RUNS[0]);
    expect(loadTrainSteps(store, RUNS[0]).some((s) => s.step === 0)).toBe(false);
    expectKeptEqualsRecomputed(store);
  });

  it("are filled from the rollouts stored before the migration", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-steps-"));
    dirs.push(dir);
    const file = path.join(dir, "store.db");
    const store = openStore(file);
    setUp(store);
    ingest(store, rolloutEvents(300, 4));
    store.sqlite.close();
    // The store as 0010 left it: no kept counts, no triggers, migrations 0011, 0012 (indexes only), 0013 (the
    // full-text time marks), 0014 (the task index extended by the experiment), 0015 (a token's experiment) and 0016 (a
    // comparison's pairing) not yet recorded.
    const db = new Database(file);
    for (const t of ["train_step_rates_add_inserted", "train_step_rates_remove_deleted", "train_step_rates_remove_updated", "train_step_rates_add_updated"]) db.exec(`DROP TRIGGER ${t}`);
    for (const t of ["train_step_rates", "train_step_groups", "train_step_versions", "turns_fts_time_marks"]) db.exec(`DROP TABLE ${t}`);
    for (const i of ["proposals_parent", "proposals_candidate", "eval_results_rollout", "patch_evaluations_proposal", "patch_evaluations_experiment"]) db.exec(`DROP INDEX ${i}`);
    db.exec("DROP INDEX rollouts_task; CREATE INDEX rollouts_task ON rollouts (task_id)");
    db.exec("ALTER TABLE api_tokens DROP COLUMN experiment_id");
    db.exec("ALTER TABLE comparisons DROP COLUMN pairing");
    db.prepare("DELETE FROM __drizzle_migrations WHERE rowid IN (SELECT rowid FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 6)").run();
    db.close();
    const migrated = openStore(file);
    stores.push(migrated);
    expectKeptEqualsRecomputed(migrated);
    ingest(migrated, rolloutEvents(100, 5, "later"));
    expectKeptEqualsRecomputed(migrated);
  });
});
