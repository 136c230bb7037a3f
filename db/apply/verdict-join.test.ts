// The contract's join_rollouts (issue 17): an eval result whose verdicts join the run's rollouts of unknown
// outcome, whichever arrives first; a different joined verdict is a 409 naming both eval results; the fields it
// needs are checked with a 400 naming them; re-sending either record is "unchanged".
import { describe, expect, it } from "vitest";
import { openStore } from "../client";
import { applyEvents } from "../apply-events";

const parents = [
  { type: "experiment", id: "vj", name: "verdict join", method: "custom" },
  { type: "run", id: "vj-run", experiment: "vj", kind: "import", status: "finished" },
  { type: "task", id: "t1", key: "a__b-1", benchmark: "swe-bench" },
];
const rollout = (id: string, reward: number | null = null) => ({
  type: "rollout", id, experiment: "vj", run: "vj-run", task: "t1", purpose: "eval", reward, success: reward === 1, truncated: false,
  source_format: "test", turns: [{ role: "user", content: "fix it" }],
});
const verdict = (id: string, success: boolean) => ({
  type: "eval_result", id, experiment: "vj", run: "vj-run", benchmark: "swe-bench", join_rollouts: true,
  results: [{ task: "t1", success, reward: success ? 1 : 0 }],
});
const outcome = (store: ReturnType<typeof openStore>, id: string) =>
  store.sqlite.prepare("SELECT success, reward, outcome_eval_run_id AS joined FROM rollouts WHERE id = ?").get(id);

describe("eval_result.join_rollouts", () => {
  it("joins rollouts of unknown outcome that are stored already, and ones that arrive later; links the result", () => {
    const store = openStore(":memory:");
    expect(applyEvents(store, [...parents, rollout("r-early"), rollout("r-own", 0)])).toMatchObject({ ok: true });
    expect(applyEvents(store, [verdict("ev-1", true)])).toMatchObject({ ok: true });
    expect(outcome(store, "r-early")).toEqual({ success: 1, reward: 1, joined: "ev-1" });
    expect(outcome(store, "r-own")).toEqual({ success: 0, reward: 0, joined: null });
    expect(applyEvents(store, [rollout("r-late")])).toMatchObject({ ok: true });
    expect(outcome(store, "r-late")).toEqual({ success: 1, reward: 1, joined: "ev-1" });
    expect(store.sqlite.prepare("SELECT rollout_id FROM eval_results WHERE eval_run_id = 'ev-1'").pluck().get()).toBe("r-early");
    expect(applyEvents(store, [rollout("r-early"), verdict("ev-1", true)])).toMatchObject({ ok: true, applied: {}, unchanged: { rollout: 1, eval_result: 1 } });
  });

  it("refuses a different joined verdict for the same rollout with 409 naming both eval results", () => {
    const store = openStore(":memory:");
    applyEvents(store, [...parents, rollout("r1"), verdict("ev-1", true)]);
    const refused = applyEvents(store, [verdict("ev-2", false)]);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    if (refused.ok) throw new Error("unreachable");
    expect(refused.errors[0]!.message).toMatch(/rollout "r1" already has the verdict of eval result "ev-1" \(success, reward 1\); eval result "ev-2" says failure, reward 0/);
    expect(store.sqlite.prepare("SELECT count(*) FROM eval_runs WHERE id = 'ev-2'").pluck().get()).toBe(0);
    expect(applyEvents(store, [verdict("ev-3", true)])).toMatchObject({ ok: true });
  });

  it("needs the run, and leaves the rollouts to the store: 400 naming the field", () => {
    const store = openStore(":memory:");
    const { run: _run, ...noRun } = verdict("ev-x", true);
    expect(applyEvents(store, [...parents, noRun])).toMatchObject({ ok: false, status: 400, errors: [{ path: "run", message: expect.stringContaining("join_rollouts needs the run") }] });
    const named = { ...verdict("ev-y", true), results: [{ task: "t1", success: true, rollout: "r1" }] };
    expect(applyEvents(store, [...parents, named])).toMatchObject({ ok: false, status: 400, errors: [{ path: "results.0.rollout" }] });
  });

  // Harbor jobs run several trials of one task; each trial's result.json is the verdict of its own trial only.
  const trialRollout = (id: string, meta: Record<string, unknown>) => ({ ...rollout(id), metadata: meta });
  const trialVerdict = (id: string, attempt: string, success: boolean) => ({
    ...verdict(id, success), results: [{ task: "t1", success, reward: success ? 1 : 0, attempt }],
  });

  it("a verdict naming an attempt joins only that attempt's rollout, whichever arrives first", () => {
    const store = openStore(":memory:");
    expect(applyEvents(store, [...parents, trialRollout("r-a", { attempt: "t1__A" }), trialVerdict("ev-a", "t1__A", true)])).toMatchObject({ ok: true });
    expect(applyEvents(store, [trialVerdict("ev-b", "t1__B", false)])).toMatchObject({ ok: true });
    expect(applyEvents(store, [trialRollout("r-b", { attempt: "t1__B" }), trialRollout("r-c", { attempt: "t1__C" })])).toMatchObject({ ok: true });
    expect(outcome(store, "r-a")).toEqual({ success: 1, reward: 1, joined: "ev-a" });
    expect(outcome(store, "r-b")).toEqual({ success: 0, reward: 0, joined: "ev-b" });
    expect(outcome(store, "r-c")).toEqual({ success: 0, reward: null, joined: null });
    expect(store.sqlite.prepare("SELECT rollout_id FROM eval_results WHERE eval_run_id = 'ev-b'").pluck().get()).toBe("r-b");
    expect(applyEvents(store, [trialVerdict("ev-b", "t1__B", false)])).toMatchObject({ ok: true, unchanged: { eval_result: 1 } });
  });

  it("attempt needs join_rollouts, and details.join_attempt is the store's: 400 naming the field", () => {
    const store = openStore(":memory:");
    const { join_rollouts: _join, ...notJoining } = trialVerdict("ev-n", "t1__A", true);
    expect(applyEvents(store, [...parents, notJoining])).toMatchObject({ ok: false, status: 400, errors: [{ path: "results.0.attempt" }] });
    const reserved = { ...verdict("ev-r", true), results: [{ task: "t1", success: true, details: { join_attempt: "x" } }] };
    expect(applyEvents(store, [...parents, reserved])).toMatchObject({ ok: false, status: 400, errors: [{ path: "results.0.details.join_attempt" }] });
  });

  it("a verdict without attempt goes to the chosen attempt only, not to attempts a retry loop discarded", () => {
    const store = openStore(":memory:");
    applyEvents(store, [...parents, trialRollout("r-1", { attempt: "attempt 1", chosen: false }), verdict("ev-1", true)]);
    applyEvents(store, [trialRollout("r-2", { attempt: "attempt 2", chosen: true })]);
    expect(outcome(store, "r-1")).toEqual({ success: 0, reward: null, joined: null });
    expect(outcome(store, "r-2")).toEqual({ success: 1, reward: 1, joined: "ev-1" });
    const other = openStore(":memory:");
    applyEvents(other, [...parents, trialRollout("r-1", { chosen: false }), trialRollout("r-2", { chosen: true })]);
    applyEvents(other, [verdict("ev-1", true)]);
    expect(outcome(other, "r-1")).toEqual({ success: 0, reward: null, joined: null });
    expect(outcome(other, "r-2")).toEqual({ success: 1, reward: 1, joined: "ev-1" });
  });
});
