// A reference job's evaluation draws like the demo's: the same checkpoint under the same harness gives the same
// episodes as the demo's evaluation of that matrix cell (shared streams per suite, task and repeat), so a job's
// cell is paired with the demo's other cells rather than a fresh, unpaired sample.
import { describe, expect, it } from "vitest";
import { runEvaluate } from "./phases";
import type { JobContext } from "./job-context";
import { createDemoContext, type DemoContext } from "../reference-experiment/run/demo-context";
import { demoConfig } from "../reference-experiment/run/demo-config";
import { demoIds } from "../reference-experiment/run/experiment-events";
import { buildSuites } from "../reference-experiment/tasks/suites";
import { createRng } from "../reference-experiment/random";
import { evaluateCheckpoint } from "../reference-experiment/run/evaluate";
import { h0Files } from "../reference-experiment/harness/h0";
import { SoftmaxPolicy } from "../reference-experiment/policy/softmax-policy";
import type { HarnessLabEventInput } from "../../lib/events/contract";

const SEED = 4;
type Rollout = Extract<HarnessLabEventInput, { type: "rollout" }>;

function context(events: HarnessLabEventInput[]): DemoContext {
  return createDemoContext({
    config: demoConfig("small", SEED), ids: demoIds(SEED, "small"), suites: buildSuites(SEED, "small"), rng: createRng(SEED), log: () => {}, review: { mode: "rule" },
    sink: { client: null, send: async (e) => void events.push(e), flush: async () => {}, counts: () => ({ applied: {}, unchanged: {} }) },
  });
}

/** What an episode did, per (repeat, task): its actions and its outcome, without the ids that name the run. */
const episodes = (events: HarnessLabEventInput[]) =>
  events.filter((e): e is Rollout => e.type === "rollout")
    .map((r) => `${r.success ? "solved" : "failed"}: ${(r.turns ?? []).filter((t) => t.role === "assistant").map((t) => t.content).join(" · ")}`);

describe("runEvaluate (reference job)", () => {
  it("runs each (task, repeat) on the demo's evaluation stream: the demo's episodes, exactly", async () => {
    const files = h0Files({ maxTurns: demoConfig("small", SEED).trainMaxTurns });
    const policy = new SoftmaxPolicy();
    const demoEvents: HarnessLabEventInput[] = [];
    const demo = context(demoEvents);
    const config = { ...demo.config, evalRepeats: 2 };
    await evaluateCheckpoint({ ...demo, config }, { experiment: "e", run: "demo-eval", checkpoint: "c", policy, harnesses: [{ harnessVersion: "h", label: "H0", files }] });
    const demoMultilingual = demoEvents.filter((e) => e.type !== "rollout" || e.id.includes("-mini-multilingual-"));

    const jobEvents: HarnessLabEventInput[] = [];
    const job: JobContext = {
      demo: context(jobEvents), experiment: "e", run: "job-run", policy, checkpoint: null,
      inputs: { job: "j", run: "job-run", experiment: { id: "e", name: "e", method: "harnessadapt-rl", config: null }, params: {}, checkpoints: {}, baseHarness: null, proposal: null,
        harness: { id: "h", label: "H0", dir: "harness", files: [] } },
      progress: () => {}, sendTasks: async () => {}, harnessFiles: () => files,
    };
    await runEvaluate(job, { seed: SEED, benchmark: "mini-multilingual", repeats: 2 });

    const expected = episodes(demoMultilingual);
    expect(expected.length).toBe(2 * buildSuites(SEED, "small").eval["mini-multilingual"].length);
    expect(episodes(jobEvents)).toEqual(expected);
  });
});
