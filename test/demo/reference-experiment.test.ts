// The reference experiment end to end (--size small) into a fresh store: the stored structure, and every
// derived figure it reports equal to what is recomputed here from the raw rollouts. Then the same seed
// again: the store must answer that every event is already present (the same seed gives the same events).
import { beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "@/db/client";
import { storeSink } from "@/programs/reference-experiment/run/event-sink";
import { runReferenceExperiment } from "@/programs/reference-experiment/run/reference-experiment";
import { computeTrainingRates } from "@/lib/metrics/training-rates";
import { acceptanceRule } from "@/lib/metrics/acceptance-rule";
import { comparisonNoise } from "@/lib/stats/comparison-noise";
import { seedFromString } from "@/lib/stats/prng";
import { demoConfig } from "@/programs/reference-experiment/run/demo-config";

let store: Store;
let summary: Awaited<ReturnType<typeof runReferenceExperiment>>;
const rows = <T>(sql: string, ...params: unknown[]) => store.sqlite.prepare(sql).all(...params) as T[];
const ADAPT = "ref-s1-small-harnessadapt-rl";
const GRPO = "ref-s1-small-grpo";
const R1 = "ref-s1-small-harness-r1";

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-demo-"));
  store = openStore(path.join(dir, "demo.db"));
  summary = await runReferenceExperiment({ seed: 1, size: "small", sink: storeSink(store), review: "rule", log: () => {} });
}, 180_000);

type RolloutRow = { id: string; group_id: string | null; success: number; reward: number | null; truncated: number; step: number | null };
const ratesOf = (list: RolloutRow[]) =>
  computeTrainingRates(list.map((r) => ({ groupKey: r.group_id, success: r.success === 1, reward: r.reward, truncated: r.truncated === 1 })));

describe("the reference experiment, --size small", () => {
  it("holds every method with H0 → H1 → H2 and the rollouts of every purpose", () => {
    expect(rows<{ id: string; method: string }>("SELECT id, method FROM experiments ORDER BY id")).toEqual([
      { id: GRPO, method: "grpo" }, { id: R1, method: "harness-r1" }, { id: ADAPT, method: "harnessadapt-rl" },
    ]);
    const versions = rows<{ id: string; label: string; parent_id: string | null }>("SELECT id, label, parent_id FROM harness_versions WHERE experiment_id = ? AND label IN ('H0','H1','H2') ORDER BY label", ADAPT);
    expect(versions.map((v) => v.label)).toEqual(["H0", "H1", "H2"]);
    expect(versions[1].parent_id).toBe(versions[0].id);
    expect(versions[2].parent_id).toBe(versions[1].id);
    const purposes = Object.fromEntries(rows<{ purpose: string; n: number }>("SELECT purpose, count(*) AS n FROM rollouts WHERE experiment_id = ? GROUP BY purpose", ADAPT).map((r) => [r.purpose, r.n]));
    expect(purposes).toMatchObject({ train: expect.any(Number), preparation: expect.any(Number), comparison: expect.any(Number), eval: expect.any(Number) });
    expect(summary.rollouts_by_purpose[ADAPT]).toEqual(purposes);
  });

  it("decides every proposal once, by the rule recomputed from its comparison rollouts", () => {
    const proposals = rows<{ id: string; status: string; parent_proposal_id: string | null }>("SELECT id, status, parent_proposal_id FROM proposals WHERE experiment_id = ?", ADAPT);
    expect(proposals.length).toBeGreaterThan(0);
    for (const proposal of proposals) {
      const decisions = rows<{ verdict: string; rule_verdict: string }>("SELECT verdict, rule_verdict FROM decisions WHERE proposal_id = ?", proposal.id);
      expect(decisions).toHaveLength(1);
      const comparison = rows<{ id: string; reported: string; pairing: string | null }>("SELECT id, reported, pairing FROM comparisons WHERE proposal_id = ?", proposal.id)[0];
      const side = (s: string) => rows<RolloutRow>(
        "SELECT r.id, r.group_id, r.success, r.reward, r.truncated, r.step FROM comparison_rollouts c JOIN rollouts r ON r.id = c.rollout_id WHERE c.comparison_id = ? AND c.side = ?", comparison.id, s);
      const base = ratesOf(side("base"));
      const candidate = ratesOf(side("candidate"));
      const reported = JSON.parse(comparison.reported) as Record<string, number>;
      expect(reported.base_pass_rate).toBeCloseTo(base.passRate!, 12);
      expect(reported.candidate_trainable_rate).toBeCloseTo(candidate.trainableRate!, 12);
      const rule = acceptanceRule({
        base: { passRate: base.passRate!, trainableRate: base.trainableRate! },
        candidate: { passRate: candidate.passRate!, trainableRate: candidate.trainableRate! },
      });
      expect(decisions[0].verdict).toBe(rule.verdict);
      // The decision record says how often the rule accepts a no-effect candidate here: the figure the comparison
      // panel recomputes from the same stored rollouts with the same seed. The sides ran on shared streams, so the
      // comparison says it is paired and both use the paired null (sign flips within pairs).
      expect(comparison.pairing).toBe("paired");
      const noiseRows = rows<{ side: "base" | "candidate"; task_id: string; success: number; reward: number | null; truncated: number; sample_index: number | null }>(
        "SELECT c.side, r.task_id, r.success, r.reward, r.truncated, r.sample_index FROM comparison_rollouts c JOIN rollouts r ON r.id = c.rollout_id WHERE c.comparison_id = ? ORDER BY r.sample_index, r.id", comparison.id);
      const recomputed = comparisonNoise(noiseRows.map((r) => ({ side: r.side, taskId: r.task_id, success: r.success === 1, reward: r.reward, truncated: r.truncated === 1, sampleIndex: r.sample_index })), { seed: seedFromString(proposal.id), pairing: "paired" });
      const stored = (JSON.parse(decisions[0].rule_verdict) as { rule_noise?: { acceptRate: number; design: string; differingPairs: number } }).rule_noise;
      expect(stored).toMatchObject({ acceptRate: recomputed?.acceptRate, design: "paired", differingPairs: recomputed?.differingPairs });
      expect(proposal.status).toBe(rule.verdict === "accept" ? "accepted" : "rejected");
    }
    expect(proposals.some((p) => p.status === "rejected")).toBe(true);
    // Lineage: a rejected idea came back in another form, pointing at the proposal it revises.
    const revised = proposals.filter((p) => p.parent_proposal_id !== null);
    expect(revised.length).toBeGreaterThan(0);
    for (const p of revised) expect(proposals.map((q) => q.id)).toContain(p.parent_proposal_id);
  });

  it("reports per training step the trainable rate of that step's stored rollouts", () => {
    const points = rows<{ step: number; value: number }>("SELECT step, value FROM metric_points WHERE run_id = ? AND key = 'train/trainable_rate' ORDER BY step", `${ADAPT}-train`);
    expect(points.length).toBe(6);
    for (const point of points) {
      const recomputed = ratesOf(rows<RolloutRow>("SELECT id, group_id, success, reward, truncated, step FROM rollouts WHERE run_id = ? AND purpose = 'train' AND step = ?", `${ADAPT}-train`, point.step));
      expect(point.value).toBeCloseTo(recomputed.trainableRate!, 12);
    }
  });

  it("evaluates the untrained and the final checkpoint, 3 suites × 3 repeats each, under each harness version, each result backed by its rollout", () => {
    const evalRuns = rows<{ id: string; label: string; benchmark: string; step: number }>(
      "SELECT e.id, h.label, e.benchmark, c.step FROM eval_runs e JOIN harness_versions h ON h.id = e.harness_version_id JOIN checkpoints c ON c.id = e.checkpoint_id WHERE e.experiment_id = ?", ADAPT);
    expect(evalRuns).toHaveLength(54);
    expect(new Set(evalRuns.map((e) => e.label))).toEqual(new Set(["H0", "H1", "H2"]));
    expect(new Set(evalRuns.map((e) => e.step))).toEqual(new Set([0, 6]));
    const grpo = rows<{ step: number }>("SELECT c.step FROM eval_runs e JOIN checkpoints c ON c.id = e.checkpoint_id WHERE e.experiment_id = ?", GRPO);
    expect(grpo).toHaveLength(18);
    expect(new Set(grpo.map((e) => e.step))).toEqual(new Set([0, 6]));
    const mismatched = rows("SELECT 1 FROM eval_results x JOIN rollouts r ON r.id = x.rollout_id WHERE x.success != r.success");
    expect(mismatched).toHaveLength(0);
  });

  it("Harness-R1: K = 8 patches per failure packet, each reward the change in success rate of its stored re-runs against the packet's control", () => {
    const packets = rows<{ id: string }>("SELECT id FROM failure_packets WHERE experiment_id = ?", R1);
    expect(packets.length).toBeGreaterThan(0);
    const successRate = (prefix: string) => {
      const list = rows<{ success: number }>("SELECT success FROM rollouts WHERE experiment_id = ? AND id LIKE ? ESCAPE '\\'", R1, `${prefix.replace(/_/g, "\\_")}-t%`);
      return { n: list.length, rate: list.filter((r) => r.success === 1).length / list.length };
    };
    for (const packet of packets) {
      const evaluations = rows<{ id: string; valid: number; complete: number; reward: number; baseline_success: number; patched_success: number | null }>(
        "SELECT id, valid, complete, reward, baseline_success, patched_success FROM patch_evaluations WHERE failure_packet_id = ?", packet.id);
      expect(evaluations).toHaveLength(8);
      const baseline = successRate(`${packet.id}-baseline`);
      // The rewards subtract the control (H0 on the patched runs' streams), not the run the packet's failures come from.
      const control = successRate(`${packet.id}-control`);
      expect(control.n).toBe(baseline.n);
      expect(control.rate).toBeCloseTo(evaluations[0].baseline_success, 12);
      // The packet holds exactly the failed baseline rollouts.
      expect(rows("SELECT 1 FROM failure_packet_rollouts WHERE failure_packet_id = ?", packet.id)).toHaveLength(Math.round(baseline.n * (1 - baseline.rate)));
      for (const e of evaluations) {
        if (e.valid && e.complete) {
          const patched = successRate(e.id);
          expect(patched.n).toBe(control.n);
          expect(e.reward).toBeCloseTo(patched.rate - control.rate, 12);
        } else {
          expect(e.reward).toBe(0);
          expect(successRate(e.id).n).toBe(0);
        }
      }
    }
    expect(summary.harness_r1.ablation).toHaveProperty("best patch");
    // Every packet counts (none skipped for having no failure), and the baselines are re-runs like the patched ones.
    const config = demoConfig("small", 1);
    expect(packets).toHaveLength(config.engineerSteps * config.packetsPerStep);
    const baselinePurposes = rows<{ purpose: string }>("SELECT DISTINCT purpose FROM rollouts WHERE experiment_id = ? AND (id LIKE '%-baseline-t%' OR id LIKE '%-control-t%')", R1);
    expect(baselinePurposes).toEqual([{ purpose: "rerun" }]);
    // Several draws per task for the baseline (shared streams with the patched re-runs).
    const draws = rows<{ n: number }>("SELECT count(*) AS n FROM rollouts WHERE experiment_id = ? AND id LIKE ?", R1, `${packets[0].id}-baseline-t%`)[0].n;
    expect(draws).toBe(config.packetTasks * config.targetDraws);
    // The regression-to-the-mean check: a second baseline per packet from draws of its own (rerun cost too),
    // reported next to the baseline the rewards subtract.
    packets.forEach((packet) => {
      const i = Number(/packet(\d+)$/.exec(packet.id)![1]);
      const check = rows<{ success: number; purpose: string }>("SELECT success, purpose FROM rollouts WHERE experiment_id = ? AND id LIKE ?", R1, `${packet.id}-check-t%`);
      expect(check).toHaveLength(config.packetTasks * config.targetDraws);
      expect(new Set(check.map((r) => r.purpose))).toEqual(new Set(["rerun"]));
      expect(summary.harness_r1.packets[i].independentBaseline).toBeCloseTo(check.filter((r) => r.success === 1).length / check.length, 12);
      expect(summary.harness_r1.packets[i].baseline).toBeCloseTo(successRate(`${packet.id}-baseline`).rate, 12);
      expect(summary.harness_r1.packets[i].control).toBeCloseTo(successRate(`${packet.id}-control`).rate, 12);
    });
  });

  it("gives the same events for the same seed", async () => {
    const again = await runReferenceExperiment({ seed: 1, size: "small", sink: storeSink(store), review: "rule", log: () => {} });
    expect(again.events.applied).toEqual({});
    expect(again.events.unchanged.rollout).toBe(summary.events.applied.rollout);
  }, 180_000);
});
