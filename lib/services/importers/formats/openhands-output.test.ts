// The OpenHands evaluation output.jsonl reader. No real output.jsonl is in the shared data, so the
// fixture test/fixtures/importers/openhands-output.jsonl is hand-written in the shape EvalOutput and
// event_to_dict produce (evaluation/utils/shared.py, openhands/events/serialization/event.py): a resolved
// instance (top-level `report`, as update_output_with_eval.py writes), an unresolved one
// (`test_result.report`, as the remote evaluation writes) and one stopped by the iteration limit.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Turn } from "../../../events/rollout-event";
import { openHandsOutputReader } from "./openhands-output";
import { allRealFiles, isOpenHandsTurnEvent, peekFile, peekText, problemOf, realFile } from "./reader-test-files.test-helper";

type Line = Record<string, any>;
const fixturePath = path.resolve(import.meta.dirname, "../../../../test/fixtures/importers/openhands-output.jsonl");
const fixtureBytes = new Uint8Array(readFileSync(fixturePath));
const fixtureLines: Line[] = new TextDecoder().decode(fixtureBytes).split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
const fixture = () => peekFile("run-1/output.jsonl", fixtureBytes);

const jsonl = (...lines: unknown[]) => peekText("output.jsonl", lines.map((l) => typeof l === "string" ? l : JSON.stringify(l)).join("\n"));
const history = [
  { id: 0, source: "user", action: "message", args: { content: "fix the bug" } },
  { id: 1, source: "agent", action: "run", args: { command: "pytest", thought: "" } },
  { id: 2, source: "agent", observation: "run", cause: 1, content: "1 failed", extras: { metadata: { exit_code: 1 } } },
];
const line = (over: Line = {}) => ({ instance_id: "repo__repo-1", test_result: { git_patch: "diff" }, history, error: null, ...over });

describe("openHandsOutputReader on the fixture", () => {
  it("reads one rollout per line with the line's instance, patch and turns", () => {
    const file = fixture();
    expect(openHandsOutputReader.detect(file)).toBe(true);
    const parsed = openHandsOutputReader.read(file);
    expect(parsed.format).toBe("openhands-output");
    expect(parsed.rollouts.map((r) => r.instanceId)).toEqual(fixtureLines.map((l) => l.instance_id));
    parsed.rollouts.forEach((rollout, i) => {
      const source = fixtureLines[i];
      expect(rollout.attempt).toBe("");
      expect(rollout.turns).toHaveLength(source.history.filter(isOpenHandsTurnEvent).length);
      expect(() => z.array(Turn).parse(rollout.turns)).not.toThrow();
      expect(rollout.submission).toBe(source.test_result.git_patch === "" ? undefined : source.test_result.git_patch);
      expect(rollout.costUsd).toBe(source.metrics.accumulated_cost);
      expect(rollout.model).toBe(source.metadata.llm_config.model);
      expect(rollout.metadata?.agent_class).toBe(source.metadata.agent_class);
      const exitCodes = source.history.filter((e: Line) => e.observation === "run").map((e: Line) => e.extras.metadata.exit_code);
      expect(rollout.turns.filter((t) => t.return_code !== undefined).map((t) => t.return_code)).toEqual(exitCodes);
    });
  });

  it("knows success only where a line states its verdict", () => {
    const rollouts = openHandsOutputReader.read(fixture()).rollouts;
    rollouts.forEach((rollout, i) => {
      const resolved = (fixtureLines[i].report ?? fixtureLines[i].test_result.report)?.resolved;
      if (resolved === undefined) {
        expect(rollout.success).toBeUndefined();
        expect(rollout.reward).toBeUndefined();
      } else {
        expect(rollout.success).toBe(resolved);
        expect(rollout.reward).toBe(resolved ? 1 : 0);
      }
    });
    expect(rollouts.map((r) => r.success)).toEqual([true, false, undefined]);
  });

  it("marks the errored line: exit status error, the message, the iteration limit", () => {
    const rollouts = openHandsOutputReader.read(fixture()).rollouts;
    const i = fixtureLines.findIndex((l) => l.error !== null);
    expect(rollouts[i]).toMatchObject({ exitStatus: "error", truncated: true, truncationKind: "turns", metadata: { error: fixtureLines[i].error } });
    rollouts.filter((_, j) => j !== i).forEach((r) => {
      expect(r.exitStatus).toBe("finished");
      expect(r.truncated).toBeUndefined();
    });
  });

  it("takes tokens from the accumulated usage, else from the last running metrics in the history", () => {
    const rollouts = openHandsOutputReader.read(fixture()).rollouts;
    rollouts.forEach((rollout, i) => {
      const source = fixtureLines[i];
      const usage = source.metrics.accumulated_token_usage
        ?? source.history.filter((e: Line) => e.llm_metrics).at(-1).llm_metrics.accumulated_token_usage;
      expect(rollout.tokens).toEqual({ prompt: usage.prompt_tokens, completion: usage.completion_tokens });
    });
  });

  it("claims no real trajectory file", () => {
    expect(allRealFiles().filter((relative) => openHandsOutputReader.detect(realFile(relative)))).toEqual([]);
  });
});

describe("openHandsOutputReader on other lines", () => {
  it("keeps an instance run twice as two attempts and skips blank lines", () => {
    const parsed = openHandsOutputReader.read(jsonl(line(), "", line({ instance_id: "other-2" }), line()));
    expect(parsed.rollouts.map((r) => [r.instanceId, r.attempt])).toEqual([
      ["repo__repo-1", "attempt 1"], ["other-2", ""], ["repo__repo-1", "attempt 2"],
    ]);
  });

  it("flattens the legacy history of [action, observation] pairs", () => {
    const pairs = [[history[0], { source: "user", observation: "null", content: "" }], [history[1], history[2]]];
    const rollout = openHandsOutputReader.read(jsonl(line({ history: pairs }))).rollouts[0];
    expect(rollout.turns.map((t) => t.role)).toEqual(["user", "assistant", "environment"]);
    expect(rollout.turns[2].return_code).toBe(1);
  });

  it("shows the instruction when a failed run left no history", () => {
    const rollout = openHandsOutputReader.read(jsonl(line({ history: null, instruction: "fix it", error: "docker build failed" }))).rollouts[0];
    expect(rollout.turns).toEqual([{ role: "user", content: "fix it" }]);
    expect(rollout.exitStatus).toBe("error");
  });

  it("does not claim SWE-bench predictions", () => {
    expect(openHandsOutputReader.detect(jsonl({ instance_id: "a", model_patch: "diff", model_name_or_path: "m" }))).toBe(false);
  });

  it.each([
    ["a line that is not JSON", jsonl(line(), "{not json"), "line 2"],
    ["a line that is a list", jsonl(line(), [1, 2]), "line 2"],
    ["a missing instance id", jsonl(line(), line({ instance_id: null })), "line 2.instance_id"],
    ["a history that is an object", jsonl(line({ history: { a: 1 } })), "line 1.history"],
    ["a bad event args", jsonl(line({ history: [history[0], { ...history[1], args: 3 }] })), "line 1.history[1].args"],
    ["a verdict that is text", jsonl(line({ report: { resolved: "yes" } })), "line 1.report.resolved"],
    ["a nested verdict that is text", jsonl(line({ test_result: { git_patch: "", report: { resolved: 1 } } })), "line 1.test_result.report.resolved"],
    ["a cost that is text", jsonl(line({ metrics: { accumulated_cost: "0.1" } })), "line 1.metrics.accumulated_cost"],
    ["a patch that is a number", jsonl(line({ test_result: { git_patch: 5 } })), "line 1.test_result.git_patch"],
  ])("names the line and field of %s", (_what, file, field) => {
    const problem = problemOf(() => openHandsOutputReader.read(file));
    expect(problem.field).toBe(field);
    expect(problem.reason).not.toBe("");
  });
});
