// The comparison panel of a proposal: the paper's review-hook case (46 tasks × 4 rollouts per side, pass rate
// +2.7 % but trainable rate −7.0 %: the rule rejects) with its paired interval, the warning that the interval
// includes no change, the sensitivity note and the per-task table with links; a comparison the trainer only
// summarised; and an unknown proposal. Ids hold ":", "/" and spaces so the page must decode them once.
import { test, expect, bearer } from "./fixtures";
import { REVIEW_HOOK_K, REVIEW_HOOK_TASKS, reviewHookSuccesses } from "../test/fixtures/comparison/review-hook";
import { ruleNoise } from "../lib/stats/rule-noise";
import { seedFromString } from "../lib/stats/prng";
import { formatNoiseRate } from "../lib/stats/rule-noise-text";

const P = "e2e-cmp";
const EXP = `${P}:exp`;
const RUN = `${P}:run`;
const PROP = `${P}:prop/review hook`;
const REPORTED = `${P}:prop/run related tests`;
const enc = encodeURIComponent;
const taskId = (t: number) => `${P}:task/${t}`;
const taskKey = (t: number) => `${P}-t${String(t).padStart(2, "0")}`;
const rolloutId = (side: string, t: number, k: number) => `${P}:${side}/t${t}/k ${k}`;

function events() {
  const sides = ["base", "candidate"] as const;
  const rollouts = sides.flatMap((side) => Array.from({ length: REVIEW_HOOK_TASKS }, (_, t) =>
    Array.from({ length: REVIEW_HOOK_K }, (_, k) => {
      const success = k < reviewHookSuccesses(side, t);
      return {
        type: "rollout", id: rolloutId(side, t, k), experiment: EXP, run: RUN, task: taskId(t),
        harness_version: side === "base" ? `${P}:h0` : `${P}:h1`, purpose: "comparison", epoch: 1,
        group: `${P}:${side}/t${t}`, sample_index: k, success, reward: success ? 1 : 0, truncated: false,
        exit_status: "submitted", turns: [{ role: "assistant", content: `attempt ${k}` }],
      };
    })).flat());
  return [
    { type: "experiment", id: EXP, name: "E2E comparison panel", method: "harnessadapt-rl" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "finished" },
    { type: "harness_version", id: `${P}:h0`, experiment: EXP, label: "H0", files: [] },
    { type: "harness_version", id: `${P}:h1`, experiment: EXP, label: "H1 review", parent: `${P}:h0`, files: [] },
    ...Array.from({ length: REVIEW_HOOK_TASKS }, (_, t) => ({ type: "task", id: taskId(t), key: taskKey(t), benchmark: "swe-bench-verified" })),
    ...rollouts,
    { type: "proposal", id: PROP, experiment: EXP, kind: "tool_hook", title: "Review hook before submission", base: `${P}:h0`, candidate: `${P}:h1` },
    { type: "comparison", id: `${P}:cmp/1`, proposal: PROP, run: RUN, rollouts_per_task: REVIEW_HOOK_K,
      base_rollouts: rollouts.filter((r) => r.harness_version === `${P}:h0`).map((r) => r.id),
      candidate_rollouts: rollouts.filter((r) => r.harness_version === `${P}:h1`).map((r) => r.id) },
    { type: "proposal", id: REPORTED, experiment: EXP, kind: "tool_hook", title: "prepare_patch runs related tests", base: `${P}:h0`, candidate: `${P}:h1` },
    { type: "comparison", id: `${P}:cmp/2`, proposal: REPORTED, reported: {
      base_pass_rate: 0.4, candidate_pass_rate: 0.4252, base_trainable_rate: 0.5, candidate_trainable_rate: 0.537,
      base_rollouts: 184, candidate_rollouts: 184,
    } },
  ];
}

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

/** "−6.5 to +8.7 pp" → [−6.5, 8.7]. */
function parseInterval(text: string): [number, number] {
  const m = /([+\u2212]?\d+\.\d) to ([+\u2212]?\d+\.\d) pp/.exec(text);
  expect(m, `an interval in "${text}"`).not.toBeNull();
  const num = (s: string) => Number(s.replace("\u2212", "-"));
  return [num(m![1]), num(m![2])];
}

test("the review-hook comparison: the rule's verdict, the interval, the warning and the per-task table", async ({ page }) => {
  await page.goto(`/proposals/${enc(PROP)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Review hook before submission" })).toBeVisible();
  const panel = page.getByRole("region", { name: "Comparison" });

  await expect(panel.getByText("pass rate +2.7 % but trainable rate \u22127.0 %: reject")).toBeVisible();
  await expect(panel.getByText("rule says reject")).toBeVisible();
  // Next to the verdict: how often this rule accepts a candidate with no effect here (within-task re-deals of
  // these very rollouts, seeded by the proposal id), the figure lib/stats/rule-noise.ts gives for them.
  const noise = ruleNoise(events().filter((e) => e.type === "rollout").map((r) => {
    const x = r as { harness_version: string; task: string; success: boolean; reward: number; truncated: boolean };
    return { side: x.harness_version === `${P}:h0` ? "base" as const : "candidate" as const, taskId: x.task, success: x.success, reward: x.reward, truncated: x.truncated };
  }), { seed: seedFromString(PROP) })!;
  expect(noise.method).toBe("permutation");
  await expect(panel.getByLabel("Rule noise")).toContainText(
    `At 46 tasks and 184 rollouts a side, this rule accepts a candidate with no effect ${formatNoiseRate(noise.acceptRate)} of the time.`,
  );

  const rates = panel.getByRole("table", { name: /Rates per side/ });
  await expect(rates.getByRole("columnheader", { name: "Base (H0)" })).toBeVisible();
  await expect(rates.getByRole("columnheader", { name: "Candidate (H1 review)" })).toBeVisible();
  // 74 → 76 successes and 172 → 160 trainable rollouts of 184 (test/fixtures/comparison/review-hook.ts).
  const pass = rates.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Pass rate" }) });
  await expect(pass.getByRole("cell")).toContainText(["40.2%", "41.3%", "+2.7 %", "+1.1 pp", "+1.1 pp"]);
  await expect(pass.getByRole("cell")).toContainText(["74 of 184", "76 of 184"]);
  const trainable = rates.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Trainable rate" }) });
  await expect(trainable.getByRole("cell").nth(2)).toHaveText("\u22127.0 %");
  await expect(trainable.getByRole("cell").nth(3)).toHaveText("\u22126.5 pp");

  // The pass-rate interval spans zero, and the panel says so in words.
  const [lo, hi] = parseInterval(await pass.getByRole("cell").nth(5).innerText());
  expect(lo).toBeLessThan(0);
  expect(hi).toBeGreaterThan(0);
  const p = Number(await pass.getByRole("cell").nth(6).innerText());
  expect(p).toBeGreaterThan(0.5);
  expect(p).toBeLessThan(1);
  const warnings = panel.getByRole("list", { name: "Warnings" });
  await expect(warnings.getByText(/^Pass rate: the interval includes no change \(.+\): the rule may be deciding on noise\.$/)).toBeVisible();
  await expect(panel.getByText(/One rollout moves a 184-rollout pass rate by 0\.54 pp/)).toBeVisible();

  // 46 tasks: the table starts collapsed.
  const toggle = panel.getByText("Per-task results (46 tasks)");
  const row = panel.getByRole("row").filter({ has: page.getByRole("rowheader", { name: taskKey(40) }) });
  await expect(row).toBeHidden();
  await toggle.click();
  // Task 40: base 1 of 4 (mixed, 4 usable), candidate 4 of 4 (all solved, none usable): +75 pp.
  await expect(row.getByRole("cell")).toContainText(["1 of 4", "4 of 4", "4 of 4", "0 of 4", "+75 pp"]);
  await expect(row.getByRole("link", { name: taskKey(40), exact: true })).toHaveAttribute("href", `/tasks/${enc(taskId(40))}`);
  const first = row.getByRole("link", { name: `candidate rollout 1 of ${taskKey(40)}: success` });
  await expect(first).toHaveAttribute("href", `/rollouts/${enc(rolloutId("candidate", 40, 0))}`);
  await expect(row.getByRole("link", { name: `base rollout 2 of ${taskKey(40)}: failure, usable` }))
    .toHaveAttribute("href", `/rollouts/${enc(rolloutId("base", 40, 1))}`);

  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: taskKey(40) })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/rollouts/${enc(rolloutId("candidate", 40, 0))}`);
});

test("a comparison the trainer only summarised: its numbers, the verdict, and no per-task view", async ({ page }) => {
  await page.goto(`/proposals/${enc(REPORTED)}`);
  const panel = page.getByRole("region", { name: "Comparison" });
  await expect(panel.getByText("pass rate +6.3 % and trainable rate +7.4 %: accept")).toBeVisible();
  await expect(panel.getByText(/Per-task view unavailable: the trainer reported only summary numbers/)).toBeVisible();
  const rates = panel.getByRole("table", { name: "Reported rates per side" });
  await expect(rates.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Pass rate" }) }).getByRole("cell"))
    .toHaveText(["40.0%", "42.5%", "+6.3 %", "+2.5 pp"]);
  await expect(panel.getByText(/Per-task results/)).toHaveCount(0);
});

test("an unknown proposal answers 404", async ({ page }) => {
  const res = await page.goto(`/proposals/${enc(`${P}:no such proposal`)}`);
  expect(res?.status()).toBe(404);
});
