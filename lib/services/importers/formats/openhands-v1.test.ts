// OpenHands V1 conversations on the real samples: a folder of one file per event (the CLI's layout) imports as
// ONE rollout with its messages, tool calls, observations and return codes; an events.jsonl reads the same way,
// with the state updates merged into tokens and exit status.
import { describe, expect, it } from "vitest";
import path from "node:path";
import { openHandsV1Reader } from "./openhands-v1";
import { peekBytes } from "./swe-test-files";
import { diskSource } from "../sources";
import { groupConversationFolders } from "../conversation-folders";
import { realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";

const V1 = path.join(realTrajectoriesNewFormatsDir, "openhands-v1-sdk");

describe("OpenHands V1 conversations", () => {
  it("a folder of event files is offered to the readers as one conversation, and reads as one rollout", () => {
    const source = groupConversationFolders(diskSource([path.join(V1, "cli447_hi_followup_iterative_case_a")]));
    expect(source.entries.map((e) => e.name)).toEqual(["cli447_hi_followup_iterative_case_a/event-*.json"]);
    const file = peekBytes(source.entries[0]!.name, source.load(source.entries[0]!.name));
    expect(openHandsV1Reader.detect(file)).toBe(true);
    const parsed = openHandsV1Reader.read(file);
    expect(parsed.accounting).toMatchObject({ items: 14, turns: 14, merged: 0 });
    const [rollout] = parsed.rollouts;
    expect(rollout!.instanceId).toBe("cli447_hi_followup_iterative_case_a");
    expect(rollout!.turns[0]!.role).toBe("system");
    const actions = rollout!.turns.filter((t) => t.role === "assistant" && t.action);
    expect(actions.map((t) => (t.action as { tool_calls: Array<{ name: string }> }).tool_calls[0]!.name)).toEqual(["file_editor", "terminal", "finish"]);
    expect(actions[1]).toMatchObject({ action: { command: "ls -la /home/xingyaow" } });
    const terminal = rollout!.turns.find((t) => t.role === "tool" && (t.raw as { tool_name?: string }).tool_name === "terminal");
    expect(terminal).toMatchObject({ return_code: 0 });
    expect(terminal!.observation).toContain("total 88");
    expect(rollout!.turns.filter((t) => t.role === "assistant" && t.reasoning).length).toBeGreaterThan(0);
  });

  it("an events.jsonl: state updates give the tokens; observations their return codes", () => {
    const file = peekBytes("goal-fixtures/events.jsonl", diskSource([path.join(V1, "goal-fixtures", "events.jsonl")]).load("events.jsonl"));
    const parsed = openHandsV1Reader.read(file);
    expect(parsed.accounting!.merged).toBeGreaterThan(0);
    const [rollout] = parsed.rollouts;
    expect(rollout!.tokens!.completion).toBeGreaterThan(0);
    expect(rollout!.model).toBe("litellm_proxy/minimax-m2.7");
    expect(rollout!.turns.filter((t) => t.role === "tool").some((t) => t.return_code !== undefined)).toBe(true);
  });
});
