// What every phase of the reference experiment shares: configuration, tasks, where events go, the seeded
// randomness, loaded harnesses (compiled once, reused by thousands of episodes) and the cost counters.
import type { DemoConfig } from "./demo-config";
import type { DemoIds } from "./experiment-events";
import type { EventSink } from "./event-sink";
import type { Rng } from "../random";
import type { Suites } from "../tasks/suites";
import type { HarnessFile, LoadedHarness } from "../harness/types";
import { harnessId, loadHarness } from "../harness/load-harness";
import type { RolloutPurpose } from "../../../lib/domain/vocabulary";

export interface DemoContext {
  config: DemoConfig;
  ids: DemoIds;
  suites: Suites;
  sink: EventSink;
  rng: Rng;
  /** Who decides candidate comparisons: the paper's rule, or a person in the dashboard (with a timeout). */
  review: { mode: "rule" } | { mode: "human"; timeoutMs: number };
  log(line: string): void;
  harness(files: readonly HarnessFile[]): LoadedHarness;
  /** Episodes run, by experiment and purpose: the cost of each method in rollouts. */
  cost: Record<string, Partial<Record<RolloutPurpose, number>>>;
  count(experiment: string, purpose: RolloutPurpose, n: number): void;
}

export function createDemoContext(input: Omit<DemoContext, "harness" | "cost" | "count">): DemoContext {
  const loaded = new Map<string, LoadedHarness>();
  const cost: DemoContext["cost"] = {};
  return {
    ...input,
    cost,
    harness(files) {
      const id = harnessId(files);
      let harness = loaded.get(id);
      if (!harness) loaded.set(id, (harness = loadHarness(files)));
      return harness;
    },
    count(experiment, purpose, n) {
      const byPurpose = (cost[experiment] ??= {});
      byPurpose[purpose] = (byPurpose[purpose] ?? 0) + n;
    },
  };
}
