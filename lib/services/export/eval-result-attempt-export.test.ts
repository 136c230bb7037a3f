// A joining eval result's per-result `attempt` (one Harbor trial of a task) is kept inside the stored details
// (no column of its own): the export must give it back as `attempt` with the details as sent, so an export
// synced into another store joins the same trial's rollout and is "unchanged" when sent again.
import { describe, expect, it } from "vitest";
import { openStore } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { evalResultEvents } from "./evaluation-events";

const parents = [
  { type: "experiment", id: "xa", name: "export attempt", method: "custom" },
  { type: "run", id: "xa-run", experiment: "xa", kind: "import", status: "finished" },
  { type: "task", id: "t1", key: "hello-world", benchmark: "terminal-bench" },
];
const sent = {
  type: "eval_result", id: "ev-trial", experiment: "xa", run: "xa-run", benchmark: "terminal-bench", repeat: 0, join_rollouts: true,
  results: [{ task: "t1", success: false, reward: 0, attempt: "hello-world__Rm8vT4q", details: { trial: "hello-world__Rm8vT4q" } }],
};

describe("export of a joining eval result with an attempt", () => {
  it("gives back the attempt and the details as sent; sending the export again is unchanged", () => {
    const store = openStore(":memory:");
    expect(applyEvents(store, [...parents, sent])).toMatchObject({ ok: true });
    const [exported] = [...evalResultEvents(store.sqlite, "xa")];
    expect(JSON.parse(JSON.stringify(exported))).toEqual(sent);
    expect(applyEvents(store, [exported])).toMatchObject({ ok: true, unchanged: { eval_result: 1 } });
  });
});
