import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { FIND_WORD, longRolloutEvent, PATCH, viewerEvents, viewerIds, XSS_BAIT, SOURCE_TEXT, BINARY_BYTES } from "@/test/fixtures/viewer/viewer-events";
import { getRolloutView } from "./rollout-view";
import { findInRollout, getRolloutSubmission, getTurnFull, getTurnRaw } from "./rollout-turn-content";
import { getSourceFileBytes } from "./source-file-download";

const ids = viewerIds("t");
let store: Store;

beforeEach(() => {
  store = openStore(":memory:");
  const outcome = applyEvents(store, [...viewerEvents("t"), longRolloutEvent("t", 50, 300_000, 3)]);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
});
afterEach(() => store.sqlite.close());

describe("getRolloutView", () => {
  it("returns the header with every link target and the source file", () => {
    const view = getRolloutView(store, ids.rollout)!;
    expect(view.rollout).toMatchObject({
      id: ids.rollout, experimentName: "Viewer t", runId: ids.run, runName: "t training run", taskId: ids.task, taskKey: "t__repo-101",
      benchmark: "swe-bench-verified", harnessVersionId: ids.h2, harnessLabel: "H2", checkpointName: "ckpt-45", step: 7, groupId: "t-group-7",
      success: true, reward: 1, exitStatus: "Submitted", truncated: false, numTurns: 7, promptTokens: 4_321, completionTokens: 987,
      sourceFile: { id: ids.source, format: "mini-swe-agent-1", size: Buffer.byteLength(SOURCE_TEXT) },
    });
    expect(view.submission).toEqual({ key: "submission", preview: PATCH });
  });

  it("summarizes turns: roles, return codes, flags, action kinds, hooks with positions", () => {
    const { turns } = getRolloutView(store, ids.rollout)!;
    expect(turns.map((t) => t.role)).toEqual(["system", "user", "assistant", "assistant", "assistant", "assistant", "assistant"]);
    expect(turns[2]).toMatchObject({ returnCode: 0, actionKind: "command", hasRaw: true, formatError: false });
    expect(turns[2].fields.map((f) => f.key)).toEqual(["reasoning", "content", "action", "observation"]);
    expect(turns[2].hooks.map((h) => [h.position, h.hook, h.effect, h.message?.preview])).toEqual([
      ["episode_init", "load_state", "inject", "episode started with 3 failing tests"],
      ["pre_decision", "inject_test_status", "inject", "2 tests failing"],
      ["post_feedback", "stall_detector", "observe", "no stall"],
    ]);
    expect(turns[3]).toMatchObject({ formatError: true, actionKind: null, hasRaw: false });
    expect(turns[4].fields.find((f) => f.key === "action_args")?.preview).toContain('"timeout": 60');
    expect(turns[5].fields.find((f) => f.key === "content")?.preview).toBe(XSS_BAIT);
  });

  it("cuts long fields to previews that carry their real size", () => {
    const long = getRolloutView(store, ids.long)!;
    const observation = long.turns[3].fields.find((f) => f.key === "observation")!;
    expect(observation.full?.length).toBeGreaterThanOrEqual(300_000);
    expect(observation.preview.length).toBeLessThanOrEqual(2_000);
    // The page payload stays far below the rollout's size.
    expect(JSON.stringify(long).length).toBeLessThan(60_000);
  });

  it("shortens previews when a rollout has very many long fields, keeping the page load bounded", () => {
    const many = longRolloutEvent("many", 400, 0, -1) as { turns: Array<Record<string, unknown>> } & Record<string, unknown>;
    many.turns = many.turns.map((t, i) => (i === 0 ? t : { ...t, observation: `${i} `.repeat(3_000) }));
    const outcome = applyEvents(store, [...viewerEvents("many"), many as never]);
    expect(outcome.ok).toBe(true);
    const view = getRolloutView(store, viewerIds("many").long)!;
    const observations = view.turns.slice(1).map((t) => t.fields.find((f) => f.key === "observation")!);
    expect(observations.every((f) => f.full !== undefined && f.full.length >= 6_000)).toBe(true);
    expect(observations[0].preview.length).toBeLessThan(2_000);
    expect(JSON.stringify(view).length).toBeLessThan(700_000);
  });

  it("finds the verdict by rollout, else by run and task", () => {
    const { verdicts } = getRolloutView(store, ids.rollout)!;
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]).toMatchObject({ success: true, matchedBy: "rollout", harnessLabel: "H2", benchmark: "swe-bench-verified" });
    expect(verdicts[0].details).toMatchObject({ resolved: true });
    // The other attempt of the task is named by no result: the run's results for the task without a rollout apply.
    expect(getRolloutView(store, ids.other)!.verdicts).toEqual([]);
    applyEvents(store, [{ type: "eval_result", id: "t-eval-2", experiment: ids.experiment, run: ids.run, benchmark: "swe-bench-verified",
      results: [{ task: ids.task, success: false, details: { resolved: false } }] }]);
    expect(getRolloutView(store, ids.other)!.verdicts).toMatchObject([{ success: false, matchedBy: "run-and-task", evalRunId: "t-eval-2" }]);
    // A result naming the rollout wins over one found by run and task.
    expect(getRolloutView(store, ids.rollout)!.verdicts.map((v) => v.evalRunId)).toEqual([ids.eval]);
  });

  it("returns null for an unknown rollout", () => {
    expect(getRolloutView(store, "nope")).toBeNull();
  });
});

describe("turn contents on demand", () => {
  it("returns every field of a turn in full, with the same keys as the summary", () => {
    const full = getTurnFull(store, ids.long, 3)!;
    const summary = getRolloutView(store, ids.long)!.turns[3];
    expect(Object.keys(full.fields)).toEqual(summary.fields.map((f) => f.key));
    expect(full.fields.observation.length).toBe(summary.fields.find((f) => f.key === "observation")!.full!.length);
    expect(full.fields.observation.endsWith("needle-at-the-end")).toBe(true);
    expect(getTurnFull(store, ids.long, 999)).toBeNull();
  });

  it("returns the original JSON of a turn, or null raw when none was kept", () => {
    expect(getTurnRaw(store, ids.rollout, 2)).toEqual({ idx: 2, raw: expect.objectContaining({ extra: { model: "policy-9b" } }) });
    expect(getTurnRaw(store, ids.rollout, 3)).toEqual({ idx: 3, raw: null });
    expect(getTurnRaw(store, ids.rollout, 99)).toBeNull();
  });

  it("returns the whole submission", () => {
    expect(getRolloutSubmission(store, ids.rollout)).toEqual({ submission: PATCH });
    expect(getRolloutSubmission(store, ids.long)).toEqual({ submission: null });
    expect(getRolloutSubmission(store, "nope")).toBeNull();
  });
});

describe("findInRollout", () => {
  it("finds a word in several turns and fields, with offsets into the full texts", () => {
    const result = findInRollout(store, ids.rollout, FIND_WORD.toUpperCase())!;
    expect(result.truncated).toBe(false);
    expect(result.matches.map(([turn, field]) => `${turn}:${field}`)).toEqual(["1:content", "2:observation", "4:observation", "6:content", "6:observation"]);
    for (const [turn, field, start, end] of result.matches) {
      expect(getTurnFull(store, ids.rollout, turn)!.fields[field].slice(start, end)).toBe(FIND_WORD);
    }
  });

  it("searches hook messages and the full text of long fields", () => {
    expect(findInRollout(store, ids.rollout, "2 tests failing")!.matches).toEqual([[2, "hook:1", 0, 15]]);
    const [match] = findInRollout(store, ids.long, "needle-at-the-end")!.matches;
    expect(match[0]).toBe(3);
    expect(match[2]).toBeGreaterThan(290_000);
  });

  it("returns null for an unknown rollout and nothing for no match", () => {
    expect(findInRollout(store, "nope", "x")).toBeNull();
    expect(findInRollout(store, ids.rollout, "no such words anywhere")!.matches).toEqual([]);
  });
});

describe("getSourceFileBytes", () => {
  it("returns text files as their UTF-8 bytes and base64 files decoded", () => {
    expect(getSourceFileBytes(store, ids.source)!.bytes.equals(Buffer.from(SOURCE_TEXT, "utf8"))).toBe(true);
    expect(getSourceFileBytes(store, ids.binarySource)!.bytes.equals(BINARY_BYTES)).toBe(true);
    expect(getSourceFileBytes(store, "nope")).toBeNull();
  });
});
