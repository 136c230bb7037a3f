// Issue 38 item 2: a comparison the trainer declares paired (rollout k of a task ran on the same seed on both sides)
// shows the noise figure of the paired design next to the verdict — sign flips within the 2 pairs that differ, not
// re-deals of every rollout — with the count of differing pairs and the plain sentence that the verdict rests on a
// handful of rollouts; the decision a reviewer then takes stores that figure and says so in the history.
import { test, expect, bearer } from "./fixtures";

const P = "e2e-paired";
const EXP = `${P}:exp`;
const RUN = `${P}:run`;
const PROP = `${P}:prop`;
const TASKS = 10;
const K = 4;
const taskId = (t: number) => `${P}:task/${t}`;

/** Every rollout fails on both sides, except sample 0 of tasks 0 and 1 on the candidate side: 2 of 40 pairs differ. */
function events() {
  const rollouts = (["base", "candidate"] as const).flatMap((side) => Array.from({ length: TASKS }, (_, t) => Array.from({ length: K }, (_, k) => {
    const success = side === "candidate" && k === 0 && t < 2;
    return {
      type: "rollout", id: `${P}:${side}/t${t}/k${k}`, experiment: EXP, run: RUN, task: taskId(t),
      harness_version: `${P}:${side === "base" ? "h0" : "h1"}`, purpose: "comparison", epoch: 1, group: `${P}:${side}/t${t}`,
      sample_index: k, success, reward: success ? 1 : 0, truncated: false, turns: [{ role: "assistant", content: `try ${k}` }],
    };
  })).flat());
  return [
    { type: "experiment", id: EXP, name: "E2E paired comparison", method: "harnessadapt-rl" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "finished" },
    { type: "harness_version", id: `${P}:h0`, experiment: EXP, label: "H0", files: [] },
    { type: "harness_version", id: `${P}:h1`, experiment: EXP, label: "H0+retry", parent: `${P}:h0`, files: [{ path: "tools/retry.sh", kind: "tool", content: "exit 0\n" }] },
    ...Array.from({ length: TASKS }, (_, t) => ({ type: "task", id: taskId(t), key: `${P}-t${t}`, benchmark: "swe-bench-verified" })),
    ...rollouts,
    { type: "proposal", id: PROP, experiment: EXP, kind: "tool_hook", title: "Retry a failed submission once", base: `${P}:h0`, candidate: `${P}:h1` },
    { type: "comparison", id: `${P}:cmp`, proposal: PROP, run: RUN, rollouts_per_task: K, pairing: "paired",
      base_rollouts: rollouts.filter((r) => r.id.includes(":base/")).map((r) => r.id),
      candidate_rollouts: rollouts.filter((r) => r.id.includes(":candidate/")).map((r) => r.id) },
  ];
}

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

test("a paired comparison shows its differing pairs, the paired noise figure and the handful sentence, and the decision keeps them", async ({ page }) => {
  await page.goto(`/proposals/${encodeURIComponent(PROP)}`);
  const panel = page.getByRole("region", { name: "Comparison" });
  await expect(panel.getByText("rule says accept")).toBeVisible();
  // Worked out by hand: of the 4 ways to swap the 2 differing pairs, only the observed one is accepted.
  const noise = panel.getByLabel("Rule noise");
  await expect(noise).toContainText("Paired by task and sample: 2 of 40 pairs differ. At 10 tasks and 40 rollouts a side, this rule accepts a candidate with no effect 25 % of the time.");
  await expect(noise).toContainText("Exact: every one of the 4 ways to swap the sides within the differing pairs");
  await expect(noise).toContainText("This verdict rests on 2 rollouts that came out differently out of 40 pairs: too few for any paired test to tell an effect from chance.");

  const form = page.getByRole("form", { name: "Decide" });
  await form.getByLabel("Reason").fill("two tasks only, but the hook is cheap");
  await form.getByRole("button", { name: "Approve" }).click();
  await expect(form.getByRole("status")).toContainText("Approved “Retry a failed submission once”");
  const history = page.getByRole("list", { name: "Decision history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("Rule noise when decided: Paired by task and sample: 2 of 40 pairs differ.");
  await expect(history).toContainText("too few for any paired test to tell an effect from chance");
});
