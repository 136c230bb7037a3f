// A training step's GRPO groups: the run page lists the step with its rates, the step page shows the rates
// with their counts and every group's verdict, a group page says plainly whether the update could use it.
// Ids hold ":", "/", spaces and "%" on purpose: Next hands pages their params percent-encoded (see
// lib/http/dynamic-segment.ts), and these pages must decode them exactly once.
import { test, expect, bearer } from "./fixtures";

const P = "e2e-grpo";
const EXP = `${P}:exp`;
const RUN = `${P}:run/epoch 1 (100%)`;
const STEP = 3;
const enc = encodeURIComponent;

/** "S" success, "F" failure, "U" unknown reward; a "t" suffix marks a truncated rollout. */
const GROUPS: Record<string, string[]> = {
  [`${P}:g/mixed 1`]: ["S", "S", "F", "Ft"],
  [`${P}:g/solved`]: ["S", "S", "S", "S"],
  [`${P}:g/failed`]: ["F", "F", "F", "F"],
  [`${P}:g/truncated`]: ["St", "F", "F", "F"],
  [`${P}:g/unknown`]: ["U", "U", "U", "U"],
};
const rolloutId = (group: string, k: number) => `${group}/r ${k}`;

// Hand-counted from GROUPS: 20 rollouts; successes 2+4+0+1+0 = 7; truncated 2 (one in "mixed", one in
// "truncated"); only "mixed" is usable, its 3 kept rollouts (2 S, 1 F) are the trainable ones.
const EXPECTED = {
  pass: ["35.0%", "7 of 20"],
  mixed: ["20.0%", "1 of 5"],
  trainable: ["15.0%", "3 of 20"],
  truncation: ["10.0%", "2 of 20"],
};

function events() {
  return [
    { type: "experiment", id: EXP, name: "E2E GRPO groups", method: "grpo" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "finished", name: "GRPO epoch 1" },
    { type: "harness_version", id: `${P}:h0`, experiment: EXP, label: "H0", files: [] },
    { type: "checkpoint", id: `${P}:ck`, experiment: EXP, run: RUN, role: "policy", name: "policy step 3", step: STEP },
    ...Object.keys(GROUPS).map((g) => ({ type: "task", id: `${g}:task`, key: `key ${g.slice(P.length + 3)}`, benchmark: "swe-bench-verified" })),
    ...Object.entries(GROUPS).flatMap(([group, codes]) =>
      codes.map((code, k) => ({
        type: "rollout", id: rolloutId(group, k), experiment: EXP, run: RUN, task: `${group}:task`, harness_version: `${P}:h0`,
        checkpoint: `${P}:ck`, purpose: "train", epoch: 1, step: STEP, group, sample_index: k,
        success: code.startsWith("S"), reward: code.startsWith("U") ? null : code.startsWith("S") ? 1 : 0,
        truncated: code.endsWith("t"), ...(code.endsWith("t") ? { truncation_kind: "turns" } : {}),
        exit_status: code.endsWith("t") ? "max_turns" : "submitted",
        turns: [{ role: "assistant", content: `attempt ${k}` }],
      })),
    ),
  ];
}

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: events() });
  expect(res.status(), await res.text()).toBe(200);
});

test("run page → step page → group page → rollout viewer, with the rates and the verdicts", async ({ page }) => {
  await page.goto(`/runs/${enc(RUN)}`);
  await expect(page.getByRole("heading", { level: 1, name: "GRPO epoch 1" })).toBeVisible();
  await expect(page.getByRole("link", { name: "E2E GRPO groups" })).toHaveAttribute("href", `/experiments/${enc(EXP)}`);

  const stepRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `Step ${STEP}` }) });
  const cells = stepRow.getByRole("cell");
  await expect(cells.nth(1)).toHaveText("20"); // rollouts
  await expect(cells.nth(2)).toHaveText("5"); // groups
  await expect(cells.nth(3)).toHaveText(EXPECTED.pass.join(""));
  await expect(cells.nth(4)).toHaveText(EXPECTED.mixed.join(""));
  await expect(cells.nth(5)).toHaveText(EXPECTED.trainable.join(""));
  await expect(cells.nth(6)).toHaveText(EXPECTED.truncation.join(""));

  await stepRow.getByRole("link", { name: `Step ${STEP}` }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${literal(enc(RUN))}/steps/${STEP}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Step ${STEP}` })).toBeVisible();
  const rates = page.getByLabel("Training rates of the step");
  await expect(rates).toContainText(`Pass rate${EXPECTED.pass[0]}${EXPECTED.pass[1]} rollouts succeeded`);
  await expect(rates).toContainText(`Mixed-group ratio${EXPECTED.mixed[0]}${EXPECTED.mixed[1]} groups mixed`);
  await expect(rates).toContainText(`Trainable rate${EXPECTED.trainable[0]}${EXPECTED.trainable[1]} rollouts trainable`);
  await expect(rates).toContainText(`Truncation rate${EXPECTED.truncation[0]}${EXPECTED.truncation[1]} rollouts truncated`);
  await expect(page.getByText("1 of 5 groups usable for the update")).toBeVisible();

  const reasons: Record<string, [string, string]> = {
    [`${P}:g/mixed 1`]: ["usable", "mixed: 2 of 3 kept rollouts succeeded, 1 truncated rollout dropped"],
    [`${P}:g/solved`]: ["not usable", "all 4 rollouts succeeded"],
    [`${P}:g/failed`]: ["not usable", "all 4 rollouts failed"],
    [`${P}:g/truncated`]: ["not usable", "all 3 usable rollouts failed after 1 truncated rollout was dropped"],
    [`${P}:g/unknown`]: ["not usable", "unknown reward on all 4 rollouts"],
  };
  for (const [group, [verdict, why]] of Object.entries(reasons)) {
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: group, exact: true }) });
    await expect(row.getByRole("cell").nth(5), group).toHaveText(verdict);
    await expect(row.getByRole("cell").nth(6), group).toHaveText(why);
  }

  // The group whose only success was truncated: not usable, and the page says why.
  await page.getByRole("link", { name: `${P}:g/truncated`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/steps/${STEP}/groups/${literal(enc(`${P}:g/truncated`))}$`));
  const verdict = page.getByRole("region", { name: "Not usable: all failed" });
  await expect(verdict).toBeVisible();
  await expect(verdict).toContainText("All 3 usable rollouts failed after 1 truncated rollout was dropped.");
  await expect(verdict).toContainText("the dropped rollouts took the learning signal with them");
  await expect(page.getByRole("link", { name: "Compare a success with a failure" })).toHaveCount(0);
  const dropped = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: rolloutId(`${P}:g/truncated`, 0) }) });
  await expect(dropped).toContainText("dropped: truncated");
  await expect(dropped).toContainText("yes (turns)");

  // Back to the step, then the mixed group: usable, with a success and a failure to compare.
  await page.getByRole("link", { name: `step ${STEP}` }).click();
  await page.getByRole("link", { name: `${P}:g/mixed 1`, exact: true }).click();
  await expect(page.getByRole("region", { name: "Usable for the update" })).toContainText("all 3 count as trainable");
  await expect(page.getByRole("link", { name: "Compare a success with a failure" })).toHaveAttribute(
    "href",
    `/rollouts/compare?left=${enc(rolloutId(`${P}:g/mixed 1`, 0))}&right=${enc(rolloutId(`${P}:g/mixed 1`, 2))}`,
  );

  const target = rolloutId(`${P}:g/mixed 1`, 1);
  await page.getByRole("link", { name: target, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rollouts/${literal(enc(target))}$`));
});

test("unknown runs, steps and groups answer 404", async ({ page }) => {
  for (const path of [
    `/runs/${enc(`${P}:no such run`)}`,
    `/runs/${enc(RUN)}/steps/99`,
    `/runs/${enc(RUN)}/steps/three`,
    `/runs/${enc(RUN)}/steps/${STEP}/groups/${enc(`${P}:g/none`)}`,
    // Decoded twice, "%2525" would become "%": the page must look up "…%25…" literally and find nothing.
    `/runs/${enc(RUN).replace("%25", "%2525")}`,
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  }
});

/** A string as a literal inside a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
