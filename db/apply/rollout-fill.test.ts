// A rollout re-sent with facts its stored copy lacks (exit status, submission, metadata.model) fills them; another
// value for a known one is a 409 naming both; any other difference stays the immutable-record conflict.
import { describe, expect, it } from "vitest";
import { openStore } from "../client";
import { applyEvents } from "../apply-events";

const parents = [
  { type: "experiment", id: "rf", name: "rollout fill", method: "custom" },
  { type: "run", id: "rf-run", experiment: "rf", kind: "import", status: "finished" },
  { type: "task", id: "t1", key: "a__b-1", benchmark: "swe-bench" },
];
const rollout = (extra: Record<string, unknown> = {}) => ({
  type: "rollout", id: "r1", experiment: "rf", run: "rf-run", task: "t1", purpose: "eval", reward: null, success: false,
  source_format: "test", metadata: { agent: "x" }, turns: [{ role: "user", content: "fix it" }], ...extra,
});
const row = (store: ReturnType<typeof openStore>) =>
  store.sqlite.prepare("SELECT exit_status, submission, metadata FROM rollouts WHERE id = 'r1'").get();

describe("rollout facts filled late", () => {
  it("fills what is unknown; either version again is unchanged", () => {
    const store = openStore(":memory:");
    expect(applyEvents(store, [...parents, rollout()])).toMatchObject({ ok: true });
    const full = rollout({ exit_status: "Submitted", submission: "diff", metadata: { agent: "x", model: "m" } });
    expect(applyEvents(store, [full])).toMatchObject({ ok: true, applied: { rollout: 1 } });
    expect(row(store)).toEqual({ exit_status: "Submitted", submission: "diff", metadata: JSON.stringify({ agent: "x", model: "m" }) });
    expect(applyEvents(store, [full])).toMatchObject({ ok: true, unchanged: { rollout: 1 } });
    expect(applyEvents(store, [rollout()])).toMatchObject({ ok: true, unchanged: { rollout: 1 } });
  });

  it("refuses another value for a known fact, naming both", () => {
    const store = openStore(":memory:");
    applyEvents(store, [...parents, rollout({ metadata: { agent: "x", model: "m1" } })]);
    const refused = applyEvents(store, [rollout({ metadata: { agent: "x", model: "m2" } })]);
    expect(refused).toMatchObject({ ok: false, status: 409, errors: [{ path: "metadata.model" }] });
    if (refused.ok) throw new Error("unreachable");
    expect(refused.errors[0]!.message).toMatch(/already has metadata\.model "m1"; this sends "m2"/);
  });

  it("any other difference is still refused as a different rollout", () => {
    const store = openStore(":memory:");
    applyEvents(store, [...parents, rollout()]);
    const refused = applyEvents(store, [rollout({ exit_status: "Submitted", turns: [{ role: "user", content: "other" }] })]);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    if (refused.ok) throw new Error("unreachable");
    expect(refused.errors[0]!.message).toMatch(/already exists with different content/);
    expect(row(store)).toMatchObject({ exit_status: null });
  });
});
