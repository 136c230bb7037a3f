import { describe, expect, it, beforeEach } from "vitest";
import { openStore, type Store } from "./client";
import { applyEvents } from "./apply-events";
import { indexPendingTurns } from "./full-text-index";
import { exampleEvents } from "../lib/events/examples";
import { EVENT_TYPES } from "../lib/events/contract";

const count = (store: Store, table: string) => (store.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const TABLES = ["experiments", "runs", "harness_versions", "harness_files", "blobs", "checkpoints", "tasks", "metric_points", "rollouts",
  "turns", "hook_events", "skills", "skill_sources", "evolution_rounds", "proposals", "proposal_evidence", "comparisons",
  "comparison_rollouts", "decisions", "eval_runs", "eval_results", "failure_packets", "failure_packet_rollouts", "patch_evaluations"];
const snapshot = (store: Store) => Object.fromEntries(TABLES.map((t) => [t, count(store, t)]));

describe("applyEvents", () => {
  let store: Store;
  beforeEach(() => {
    store = openStore(":memory:");
  });

  it("applies a batch holding every event type and fills every table", () => {
    const events = exampleEvents();
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));
    const outcome = applyEvents(store, events);
    expect(outcome).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    expect(outcome.applied).toMatchObject({ rollout: 4, harness_version: 2, run: 2, decision: 1, patch_evaluation: 1 });
    for (const [table, n] of Object.entries(snapshot(store))) expect(n, table).toBeGreaterThan(0);
    // identical file content across H0 and H1 is one blob; the imported source file is the third
    expect(count(store, "blobs")).toBe(3);
    // turns reach the full-text index after the commit, not inside it
    const matches = () => store.sqlite.prepare("SELECT count(*) FROM turns_fts WHERE turns_fts MATCH 'range'").pluck().get() as number;
    expect(matches()).toBe(0);
    expect(indexPendingTurns(store)).toBe(count(store, "turns"));
    expect(matches()).toBeGreaterThan(0);
    expect(store.sqlite.prepare("SELECT status FROM proposals").pluck().get()).toBe("accepted");
    expect(store.sqlite.prepare("SELECT status FROM runs").pluck().get()).toBe("finished");
  });

  it("is idempotent: the same batch again changes nothing and says so", () => {
    applyEvents(store, exampleEvents());
    const before = snapshot(store);
    const again = applyEvents(store, exampleEvents());
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.applied).toEqual({});
    expect(again.unchanged.rollout).toBe(4);
    expect(snapshot(store)).toEqual(before);
  });

  it("does not let a replayed 'running' undo a finished run", () => {
    applyEvents(store, exampleEvents());
    const replay = exampleEvents().find((e) => e.type === "run" && e.status === "running")!;
    applyEvents(store, [replay]);
    expect(store.sqlite.prepare("SELECT status FROM runs").pluck().get()).toBe("finished");
  });

  it("accepts parents that arrive later in the same request", () => {
    const reversed = [...exampleEvents()].reverse();
    expect(applyEvents(store, reversed).ok).toBe(true);
    expect(count(store, "rollouts")).toBe(4);
  });

  it("refuses a reference to something that exists nowhere, naming it, and writes nothing", () => {
    const events = exampleEvents().map((e) => (e.type === "rollout" && e.id === "ex-r-1-1" ? { ...e, task: "no-such-task" } : e));
    const outcome = applyEvents(store, events);
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    if (outcome.ok) return;
    expect(outcome.errors).toContainEqual(expect.objectContaining({ path: "task", message: expect.stringContaining('task "no-such-task" does not exist') }));
    expect(Object.values(snapshot(store)).every((n) => n === 0)).toBe(true);
  });

  it("refuses the whole batch when one event is invalid, listing index, path and reason", () => {
    const events: unknown[] = exampleEvents();
    events[3] = { ...(events[3] as object), files: [{ path: "../etc/passwd", kind: "tool", content: "x" }] };
    events[5] = { type: "nonsense" };
    const outcome = applyEvents(store, events);
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    if (outcome.ok) return;
    expect(outcome.errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ index: 3, path: "files.0.path" }),
      expect.objectContaining({ index: 5, path: "type", message: expect.stringContaining("unknown event type") }),
    ]));
    expect(count(store, "experiments")).toBe(0);
  });

  it("refuses a changed immutable record with 409 and keeps the original", () => {
    applyEvents(store, exampleEvents());
    const h1 = exampleEvents().find((e) => e.type === "harness_version" && e.label === "H1")!;
    const changed = { ...h1, files: [{ path: "tools/bash.py", kind: "tool", content: "rm -rf /" }] };
    const outcome = applyEvents(store, [{ type: "experiment", id: "other", name: "o", method: "grpo" }, changed]);
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    if (outcome.ok) return;
    expect(outcome.errors[0]).toMatchObject({ index: 1, message: expect.stringContaining('harness version "ex-h1" already exists with different content') });
    expect(count(store, "experiments")).toBe(1);
    expect(count(store, "harness_files")).toBe(3);
  });

  it("refuses a different value for an existing metric point", () => {
    applyEvents(store, exampleEvents());
    const outcome = applyEvents(store, [{ type: "metrics", run: "ex-run", step: 1, values: { "critic/score/mean": 0.9 } }]);
    expect(outcome).toMatchObject({ ok: false, status: 409 });
  });

  it("keeps decisions append-only at the database level", () => {
    applyEvents(store, exampleEvents());
    expect(() => store.sqlite.prepare("UPDATE decisions SET verdict = 'reject'").run()).toThrow(/append-only/);
    expect(() => store.sqlite.prepare("DELETE FROM decisions").run()).toThrow(/append-only/);
  });

  it("treats an experiment's config and a task's metadata in another key order as unchanged, and a real change as an update", () => {
    const experiment = { type: "experiment", id: "cfg", name: "c", method: "grpo", config: { lr: 0.1, nested: { b: 1, a: 2 } } };
    const task = { type: "task", id: "t", key: "t", benchmark: "b", metadata: { z: 1, a: [{ y: 1, x: 2 }] } };
    applyEvents(store, [experiment, task]);
    const reordered = [
      { ...experiment, config: { nested: { a: 2, b: 1 }, lr: 0.1 } },
      { ...task, metadata: { a: [{ x: 2, y: 1 }], z: 1 } },
    ];
    expect(applyEvents(store, reordered)).toEqual({ ok: true, applied: {}, unchanged: { experiment: 1, task: 1 } });
    expect(applyEvents(store, [{ ...experiment, config: { lr: 0.2 } }])).toEqual({ ok: true, applied: { experiment: 1 }, unchanged: {} });
  });

  it("treats the same content with another key order as the same event", () => {
    applyEvents(store, exampleEvents());
    const rollout = exampleEvents().find((e) => e.type === "rollout")!;
    const reversed = (o: object) => Object.fromEntries(Object.entries(o).reverse());
    const shuffled = { ...reversed(rollout), turns: rollout.turns.map((t) => ({ ...reversed(t), ...(t.action ? { action: reversed(t.action) } : {}) })) };
    const outcome = applyEvents(store, [shuffled]);
    expect(outcome).toEqual({ ok: true, applied: {}, unchanged: { rollout: 1 } });
  });
});
