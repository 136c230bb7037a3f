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
});
