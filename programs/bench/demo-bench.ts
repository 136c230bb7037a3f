// Figures of the reference experiment (issue 3): episodes per second of the environment (H0, the initial
// policy, the comparison set), and the wall time of each phase of a whole run into a fresh store.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../db/client";
import { storeSink } from "../reference-experiment/run/event-sink";
import { runReferenceExperiment } from "../reference-experiment/run/reference-experiment";
import type { DemoSize } from "../reference-experiment/run/demo-config";
import { buildSuites } from "../reference-experiment/tasks/suites";
import { h0Files } from "../reference-experiment/harness/h0";
import { loadHarness } from "../reference-experiment/harness/load-harness";
import { runEpisode } from "../reference-experiment/episode/run-episode";
import { SoftmaxPolicy } from "../reference-experiment/policy/softmax-policy";
import { createRng } from "../reference-experiment/random";

export function environmentEpisodesPerSecond(seconds = 3): number {
  const tasks = buildSuites(7, "small").comparison;
  const harness = loadHarness(h0Files());
  const policy = new SoftmaxPolicy();
  const rng = createRng(7);
  const start = performance.now();
  let episodes = 0;
  while (performance.now() - start < seconds * 1000) {
    for (const task of tasks) runEpisode({ task, harness, policy, rng, maxTurns: 12, temperature: 1 });
    episodes += tasks.length;
  }
  return episodes / ((performance.now() - start) / 1000);
}

export async function referenceRunSeconds(size: DemoSize): Promise<{ total: number; phases: Record<string, number>; rollouts: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-demo-"));
  const store = openStore(path.join(dir, "demo.db"));
  try {
    const start = performance.now();
    const summary = await runReferenceExperiment({ seed: 1, size, sink: storeSink(store), review: "rule", log: () => {} });
    const rollouts = Object.values(summary.rollouts_by_purpose).reduce((n, byPurpose) => n + Object.values(byPurpose).reduce((a, b) => a + (b ?? 0), 0), 0);
    return { total: Math.round((performance.now() - start) / 100) / 10, phases: summary.phases_seconds, rollouts };
  } finally {
    store.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
