// Training curves: the reference HarnessAdapt-RL experiment shows its trainable and pass rate with a marker
// where the run's harness files changed (issue 18: never for a version identical to the one before, never at a
// run's first step) and where its values come from; a harness produced by a proposal links to it; GRPO and
// HarnessAdapt-RL overlay on /compare/curves; CSV and PNG downloads; the address reproduces the settings.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { curvesPath, experimentPath, harnessComparePath, proposalPath, runPath } from "../lib/http/page-links";
import { test, expect, bearer } from "./fixtures";
import { ensureReferenceExperiments, REFERENCE, REFERENCE_EVOLVED } from "./reference-experiment";

const HA_TRAIN = `${REFERENCE.harnessAdapt}-train`;
const GRPO_TRAIN = `${REFERENCE.grpo}-train`;

// Own data: a harness that a proposal produced (the reference seed accepts none), and a run with only the
// trainer's metrics. Ids with ":", "/" and spaces on purpose.
const P = "e2e-curves";
const EXP = `${P}:exp`;
const RUN = `${P}:run/train 1`;
const TRAINER_RUN = `${P}:run/trainer only`;
const PROPOSAL = `${P}:proposal/review hook`;

function ownEvents() {
  const versions = [
    { type: "harness_version", id: `${P}:H0`, experiment: EXP, label: "H0", files: [{ path: "tools/view.sh", kind: "tool", content: "cat" }] },
    {
      type: "harness_version", id: `${P}:H1`, experiment: EXP, label: "H1", parent: `${P}:H0`, origin: "proposal", origin_proposal: PROPOSAL,
      files: [{ path: "tools/view.sh", kind: "tool", content: "cat -n" }],
    },
  ];
  const rollouts = [0, 1, 2, 3].flatMap((step) =>
    [0, 1].map((k) => ({
      type: "rollout", id: `${P}:r/${step}/${k}`, experiment: EXP, run: RUN, task: `${P}:task`, harness_version: step < 2 ? `${P}:H0` : `${P}:H1`,
      purpose: "train", epoch: 1, step, group: "g", sample_index: k, success: k === 0, reward: k === 0 ? 1 : 0, truncated: false,
      exit_status: "submitted", turns: [],
    })),
  );
  return [
    { type: "experiment", id: EXP, name: "E2E curves", method: "harnessadapt-rl" },
    { type: "run", id: RUN, experiment: EXP, kind: "train", status: "finished", name: "curves policy" },
    { type: "run", id: TRAINER_RUN, experiment: EXP, kind: "train", status: "finished", name: "reported only" },
    { type: "task", id: `${P}:task`, key: "curves-task", benchmark: "swe-bench-verified" },
    ...versions,
    { type: "proposal", id: PROPOSAL, experiment: EXP, kind: "tool_hook", title: "Number the lines of view", base: `${P}:H0`, candidate: `${P}:H1` },
    ...rollouts,
    ...[0, 1, 2].map((step) => ({ type: "metrics", run: TRAINER_RUN, step, values: { "train/trainable_rate": 0.25 * step, "critic/score/mean": 0.5 } })),
  ];
}

const curvesSection = (page: Page) => page.getByRole("region", { name: "Training curves" });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.beforeAll(async ({ server, request }) => {
  test.setTimeout(300_000); // two reference seeds; slow on a busy machine
  await ensureReferenceExperiments(server, REFERENCE, REFERENCE_EVOLVED);
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: ownEvents() });
  expect(res.ok(), await res.text()).toBe(true);
});

test("the reference HarnessAdapt-RL curves mark no harness change where the files stayed H0's (seed 3 accepts nothing)", async ({ page }) => {
  await page.goto(experimentPath(REFERENCE.harnessAdapt));
  const section = curvesSection(page);
  const chart = section.getByRole("img", { name: /^Line chart of Trainable rate by step/ });
  await expect(chart).toBeVisible();
  // Issue 18: "H0 → H1 at step 0" marked a version identical to H0, and "H1 → H2" another identical one.
  await expect(chart).toHaveAttribute("aria-label", /by step for .*\. Epoch boundaries: epoch 2 begins at step 3\. The values/);
  await expect(chart).not.toHaveAttribute("aria-label", /Harness changes/);
  await expect(section.getByRole("img", { name: /^Line chart of Pass rate by step/ })).toBeVisible();
  // The chart's image is the SVG itself; its marker labels are links laid over it.
  await expect(chart.locator("text", { hasText: "→" })).toHaveCount(0);
  await expect(section.getByRole("list", { name: "Harness changes on Trainable rate" })).toHaveCount(0);
  await expect(chart.locator("text", { hasText: "epoch 2" })).toHaveCount(1);
  const markers = section.getByRole("list", { name: "Curve markers" });
  await expect(markers.getByRole("listitem")).toHaveText([/epoch 2 begins at step 3/]);
  // Where the values come from: the 6 steps × 24 train rollouts of the run.
  await expect(section.getByText("computed from 144 stored rollouts").first()).toBeVisible();
});

test("when the rule accepts a proposal in each epoch, the one H1 → H2 marker (where the files changed) opens the proposal behind H2", async ({ page, request, server }) => {
  const experiment = await (await request.get(`/api/v1/experiments/${encodeURIComponent(REFERENCE_EVOLVED.harnessAdapt)}`, { headers: bearer(server.adminToken) })).json();
  const versions = experiment.records.harnessVersions as Array<{ label: string; originProposalId: string | null; name: string }>;
  const producedBy = (label: string) => versions.find((v) => v.label === label)?.originProposalId;
  const nameOf = (label: string) => versions.find((v) => v.label === label)!.name;
  expect(producedBy("H2"), "seed 2 accepts a proposal in epoch 2").toBeTruthy();
  // The API names versions as the pages do: H2 holds the files of the last accepted candidate.
  expect(nameOf("H2")).toMatch(/^H2 \(same files as H1\+reproduce_first\+inject_test_status/);

  await page.goto(experimentPath(REFERENCE_EVOLVED.harnessAdapt));
  const section = curvesSection(page);
  const chart = section.getByRole("img", { name: /^Line chart of Trainable rate by step/ });
  // The run trains on H1 from its first step: nothing changed there, so no marker at step 0.
  await expect(chart).toHaveAttribute("aria-label", new RegExp(`Harness changes: ${escapeRegExp(`${nameOf("H1")} → ${nameOf("H2")}`)} at step 3\\.`));
  // Its label is a link laid over the chart (the SVG is one image and holds no links).
  await expect(section.getByRole("list", { name: "Harness changes on Trainable rate" }).getByRole("link", { name: "H1 → H2" })).toHaveCount(1);
  const markers = section.getByRole("list", { name: "Curve markers" });
  await expect(markers.getByRole("listitem").filter({ hasText: "at step 0" })).toHaveCount(0);
  const h2 = markers.getByRole("listitem").filter({ hasText: "at step 3" }).filter({ hasText: "→" }).getByRole("link", { name: producedBy("H2")! });
  await h2.click();
  await expect(page).toHaveURL((url) => url.pathname === proposalPath(producedBy("H2")!));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a harness a proposal produced links to it; a run without rollouts says its values are the trainer's", async ({ page }) => {
  await page.goto(runPath(RUN));
  const section = curvesSection(page);
  const marker = section.getByRole("list", { name: "Curve markers" }).getByRole("listitem").filter({ hasText: "H0 → H1 at step 2" });
  await expect(section.getByText("computed from 8 stored rollouts").first()).toBeVisible();
  await marker.getByRole("link", { name: PROPOSAL }).click();
  await expect(page).toHaveURL((url) => url.pathname === proposalPath(PROPOSAL));
  await expect(page.getByRole("heading", { level: 1, name: "Number the lines of view" })).toBeVisible();

  await page.goto(runPath(TRAINER_RUN));
  const trainer = curvesSection(page);
  await expect(trainer.getByText("as reported by the trainer (train/trainable_rate)")).toBeVisible();
  await expect(trainer.getByText(/nothing to draw: no stored train rollouts/)).toBeVisible();
});

test("GRPO and HarnessAdapt-RL overlay on one chart, chosen in the run picker", async ({ page }) => {
  await page.goto(curvesPath());
  const section = page.getByRole("region", { name: "Curves" });
  await expect(section.getByText("Choose at least one run to draw.")).toBeVisible();
  await section.getByRole("group", { name: "Reference: GRPO baseline (seed 3, small)" }).getByRole("checkbox", { name: "policy training, H0 only" }).check();
  await section.getByRole("group", { name: "Reference: HarnessAdapt-RL (seed 3, small)" })
    .getByRole("checkbox", { name: "policy training with harness evolution" }).check();
  await expect(page).toHaveURL(new RegExp(`runs=${encodeURIComponent(GRPO_TRAIN)},${encodeURIComponent(HA_TRAIN)}`));
  const chart = section.getByRole("img", { name: /^Line chart of Trainable rate by step/ });
  await expect(chart).toHaveAttribute("aria-label", /Reference: GRPO baseline \(seed 3, small\) · policy training, H0 only \(6 points\)/);
  await expect(chart).toHaveAttribute("aria-label", /Reference: HarnessAdapt-RL \(seed 3, small\) · policy training with harness evolution \(6 points\)/);
  // Two runs, each a faint raw line and a smoothed line.
  await expect(chart.locator("path.recharts-line-curve")).toHaveCount(4);
  // GRPO stays on H0 and seed 3's HarnessAdapt-RL keeps H0's files: no harness change, only the runs' epoch boundaries.
  const markers = section.getByRole("list", { name: "Curve markers" });
  await expect(markers.getByRole("listitem").filter({ hasText: "→" })).toHaveCount(0);
  await expect(markers.getByRole("listitem").filter({ hasText: "epoch 2 begins" })).toHaveCount(2);
  // The same address in a fresh page draws the same overlay.
  const again = await page.context().newPage();
  await again.goto(curvesPath([GRPO_TRAIN, HA_TRAIN]));
  await expect(again.getByRole("region", { name: "Curves" }).getByRole("img", { name: /GRPO baseline.*HarnessAdapt-RL/ }).first()).toBeVisible();
  await again.close();
});

test("hovering shows the values; the charts download as PNG and the points as CSV", async ({ page }) => {
  await page.goto(experimentPath(REFERENCE.harnessAdapt));
  const section = curvesSection(page);
  const chart = section.getByRole("img", { name: /^Line chart of Trainable rate by step/ });
  await expect(chart).toBeVisible();
  const box = (await chart.boundingBox())!;
  await chart.hover({ position: { x: box.width * 0.55, y: box.height * 0.5 } });
  await expect(section.getByText(/^smoothed \d+\.\d%$/).first()).toBeVisible();

  const [csv] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toBe("training-curves.csv");
  const lines = fs.readFileSync((await csv.path())!, "utf8").trim().split("\r\n");
  expect(lines[0]).toBe("run,run id,series,key,source,step,x (step),value,smoothed (EMA 0.6)");
  expect(lines).toHaveLength(1 + 2 * 6); // trainable and pass rate, six steps each
  expect(lines[1]).toContain(`${HA_TRAIN},Trainable rate,train:trainable_rate,computed from 144 stored rollouts,0,0,`);

  const [png] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download PNG" }).click()]);
  expect(png.suggestedFilename()).toBe("training-curves.png");
  const bytes = fs.readFileSync((await png.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.length).toBeGreaterThan(5_000);
  await expect(section.getByText(/^Downloaded the charts as training-curves\.png/)).toBeVisible();
});

test("the address holds the settings and reproduces the view", async ({ page }) => {
  await page.goto(runPath(HA_TRAIN));
  const section = curvesSection(page);
  // Each change is made once, in quick succession: none may be lost (the router writing back an earlier
  // settings' address must not undo the newest change in the controls or in the address).
  await section.getByRole("checkbox", { name: "Mean reward" }).check();
  await section.getByRole("checkbox", { name: "critic/score/mean" }).check();
  await section.getByRole("radio", { name: "epoch" }).check();
  await section.getByLabel("Smoothing (bias-corrected EMA, β)").fill("0.9");
  await expect(section.getByRole("checkbox", { name: "Mean reward" })).toBeChecked();
  await expect(section.getByRole("checkbox", { name: "critic/score/mean" })).toBeChecked();
  await expect(section.getByRole("radio", { name: "epoch" })).toBeChecked();
  let url = "";
  await expect.poll(() => (url = page.url())).toMatch(/smoothing=0\.9/);
  expect(new URL(url).searchParams.get("keys")).toBe("train:trainable_rate,train:pass_rate,train:mean_reward,critic/score/mean");
  expect(new URL(url).searchParams.get("x")).toBe("epoch");

  const again = await page.context().newPage();
  await again.goto(url);
  const view = curvesSection(again);
  await expect(view.getByRole("checkbox", { name: "Mean reward" })).toBeChecked();
  await expect(view.getByRole("radio", { name: "epoch" })).toBeChecked();
  await expect(view.getByLabel("Smoothing (bias-corrected EMA, β)")).toHaveValue("0.9");
  await expect(view.getByRole("img", { name: /^Line chart of critic\/score\/mean by epoch/ })).toBeVisible();
  // On the epoch axis epoch 2 starts at x = 2: its marker sits there, and the trainer's metric is charted as itself.
  await expect(view.getByText("as reported by the trainer", { exact: true }).first()).toBeVisible();
  await again.close();
  // … and the first tab's address settled on the newest settings (a late write-back would lose the last change).
  await expect(page).toHaveURL(/smoothing=0\.9/);
});

test("bad values in the address are named and the defaults drawn", async ({ page }) => {
  await page.goto(`${runPath(HA_TRAIN)}?x=sideways&smoothing=2&runs=${encodeURIComponent(GRPO_TRAIN)}`);
  await expect(curvesSection(page).getByRole("note")).toHaveText(
    `Not applied: x: must be one of step, epoch, time; smoothing: must be a number from 0 to 0.99; runs: no such run to draw: "${GRPO_TRAIN}".`,
  );
  await expect(curvesSection(page).getByRole("img", { name: /^Line chart of Trainable rate by step/ })).toBeVisible();
});
