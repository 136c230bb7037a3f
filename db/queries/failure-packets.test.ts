import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { exampleEvents } from "../../lib/events/examples";
import { harnessR1Events, harnessR1Ids, PACKET_TEXT, PATCHES } from "../../test/fixtures/harness-r1/events";
import { getExperimentHeading, listFailurePackets, PACKET_ROLLOUTS_SHOWN, PACKET_TEXT_PREVIEW_CHARS } from "./failure-packets";
import { getPatchCode } from "./patch-code";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

function seed(events: unknown[]) {
  const outcome = applyEvents(store, events);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

const ids = harnessR1Ids("fx");
const ALL = { page: 1, pageSize: 50 };

describe("listFailurePackets", () => {
  it("lists only the experiment's packets, newest first, with the run and the target checkpoint", () => {
    seed([...harnessR1Events("fx"), ...exampleEvents("other")]);
    const { total, packets } = listFailurePackets(store, ids.experiment, ALL);
    expect(total).toBe(2);
    expect(packets.map((p) => p.id)).toEqual([ids.packet, ids.olderPacket]);
    expect(packets[0]).toMatchObject({
      runId: ids.run, runName: "engineer on failure packets", benchmark: "webshop",
      targetCheckpoint: { id: ids.target, name: "frozen target", model: "target-9b", step: 0 },
    });
    expect(listFailurePackets(store, "other-exp", ALL).packets.map((p) => p.id)).toEqual(["other-packet"]);
    expect(listFailurePackets(store, "nope", ALL)).toEqual({ total: 0, packets: [] });
  });

  it("gives the packet text with its size in characters and lines", () => {
    seed(harnessR1Events("fx"));
    const [packet] = listFailurePackets(store, ids.experiment, ALL).packets;
    expect(packet.textPreview).toBe(PACKET_TEXT);
    expect(packet.textChars).toBe(PACKET_TEXT.length);
    expect(packet.textLines).toBe(PACKET_TEXT.split("\n").length);
  });

  it("sends only the start of a huge text but counts all of it", () => {
    const huge = "x".repeat(PACKET_TEXT_PREVIEW_CHARS) + "\nthe tail";
    seed([...exampleEvents("big").map((e) => (e.type === "failure_packet" ? { ...e, text: huge } : e))]);
    const [packet] = listFailurePackets(store, "big-exp", ALL).packets;
    expect(packet.textPreview).toHaveLength(PACKET_TEXT_PREVIEW_CHARS);
    expect(packet.textChars).toBe(huge.length);
    expect(packet.textLines).toBe(2);
  });

  it("says a packet without text has none", () => {
    seed(exampleEvents("bare").map((e) => (e.type === "failure_packet" ? { ...e, text: undefined } : e)));
    expect(listFailurePackets(store, "bare-exp", ALL).packets[0]).toMatchObject({ textPreview: null, textChars: 0, textLines: 0 });
  });

  it("lists the source rollouts with what the outcome needs, and counts them", () => {
    seed(harnessR1Events("fx"));
    const [packet] = listFailurePackets(store, ids.experiment, ALL).packets;
    expect(packet.rolloutCount).toBe(3);
    // Grouped by task (ids sort "cart b" before "search a"), then by rollout id.
    expect(packet.rollouts).toEqual([
      { id: ids.failed[1], taskId: ids.taskB, success: false, reward: 0, truncated: false },
      { id: ids.failed[2], taskId: ids.taskB, success: false, reward: 0, truncated: true },
      { id: ids.failed[0], taskId: ids.taskA, success: false, reward: 0, truncated: false },
    ]);
  });

  it("lists at most PACKET_ROLLOUTS_SHOWN source rollouts but counts every one", () => {
    const many = Array.from({ length: PACKET_ROLLOUTS_SHOWN + 5 }, (_, i) => ({
      type: "rollout", id: `many-r${String(i).padStart(3, "0")}`, experiment: "many-exp", run: "many-run", task: "many-task-a",
      purpose: "eval", reward: 0, success: false, turns: [],
    }));
    seed([
      ...exampleEvents("many").filter((e) => e.type !== "failure_packet" && e.type !== "patch_evaluation"),
      ...many,
      { type: "failure_packet", id: "many-packet", experiment: "many-exp", rollouts: many.map((r) => r.id) },
    ]);
    const [packet] = listFailurePackets(store, "many-exp", ALL).packets;
    expect(packet.rolloutCount).toBe(PACKET_ROLLOUTS_SHOWN + 5);
    expect(packet.rollouts).toHaveLength(PACKET_ROLLOUTS_SHOWN);
  });

  it("gives the K patches in index order with validity, success rates, reward, hooks and the proposal", () => {
    seed(harnessR1Events("fx"));
    const [packet] = listFailurePackets(store, ids.experiment, ALL).packets;
    expect(packet.patches.map((p) => p.patchIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    packet.patches.forEach((p, k) => {
      const [valid, complete, baseline, patched, reward, positions] = PATCHES[k];
      expect(p).toMatchObject({ id: ids.patch(k), valid, complete, baselineSuccess: baseline ?? null, patchedSuccess: patched ?? null, reward });
      // Positions come back in lifecycle order whatever order the producer sent them in.
      expect(p.hookPositions).toEqual(["episode_init", "pre_decision", "pre_action", "post_feedback"].filter((x) => positions.includes(x as never)));
    });
    expect(packet.patches[3].proposal).toEqual({
      id: ids.proposal, title: "Normalise queries and remember them", kind: "engineer_patch", status: "pending",
      baseHarnessVersionId: ids.h0, candidateHarnessVersionId: ids.candidate,
    });
    expect(packet.patches.filter((p) => p.proposal !== null)).toHaveLength(1);
  });

  it("pages through packets, newest first", () => {
    seed(harnessR1Events("fx"));
    const first = listFailurePackets(store, ids.experiment, { page: 1, pageSize: 1 });
    const second = listFailurePackets(store, ids.experiment, { page: 2, pageSize: 1 });
    expect([first.total, second.total]).toEqual([2, 2]);
    expect([...first.packets, ...second.packets].map((p) => p.id)).toEqual([ids.packet, ids.olderPacket]);
    expect(listFailurePackets(store, ids.experiment, { page: 3, pageSize: 1 }).packets).toEqual([]);
  });
});

describe("getExperimentHeading", () => {
  it("names the experiment and its method, or null", () => {
    seed(harnessR1Events("fx"));
    expect(getExperimentHeading(store, ids.experiment)).toEqual({ id: ids.experiment, name: "Harness-R1 fixture fx", method: "harness-r1" });
    expect(getExperimentHeading(store, "nope")).toBeNull();
  });
});

describe("getPatchCode", () => {
  it("gives the changed hook files of the candidate against the base, and names the other changed files", () => {
    seed(harnessR1Events("fx"));
    const code = getPatchCode(store, ids.proposal)!;
    expect(code.base).toEqual({ id: ids.h0, label: "H0" });
    expect(code.candidate).toEqual({ id: ids.candidate, label: "H0 + patch 3" });
    expect(code.hookFiles.map((f) => [f.path, f.change, f.hookPosition])).toEqual([
      ["hooks/episode_init.py", "added", "episode_init"],
      ["hooks/pre_action.py", "modified", "pre_action"],
    ]);
    const [added, modified] = code.hookFiles;
    expect(added.base).toBeNull();
    expect(added.candidate).toContain("tried_queries");
    expect(modified.base).toBe("def hook(action):\n    return action\n");
    expect(modified.candidate).toContain("action.strip().lower()");
    expect(modified.candidateChars).toBe(modified.candidate!.length);
    // The prompt changed too; unchanged files (the tool, the post_feedback hook) are not listed at all.
    expect(code.otherChangedPaths).toEqual(["prompts/system.md"]);
  });

  it("shows a removed hook with nothing on the candidate side", () => {
    seed([
      ...exampleEvents("rm").filter((e) => e.type !== "decision"),
      { type: "harness_version", id: "rm-h2", experiment: "rm-exp", label: "H2", parent: "rm-h1", origin: "proposal",
        files: [{ path: "tools/bash.py", kind: "tool", content: "def bash(cmd):\n    return run(cmd)\n" }] },
      { type: "proposal", id: "rm-prop2", experiment: "rm-exp", kind: "engineer_patch", title: "Drop the hook", base: "rm-h1", candidate: "rm-h2" },
    ]);
    const hook = "def hook(action):\n    return action\n";
    expect(getPatchCode(store, "rm-prop2")!.hookFiles).toEqual([
      { path: "hooks/report_failures.py", change: "removed", hookPosition: "pre_action", base: hook, candidate: null, baseChars: hook.length, candidateChars: null },
    ]);
  });

  it("is null for an unknown proposal", () => {
    seed(harnessR1Events("fx"));
    expect(getPatchCode(store, "nope")).toBeNull();
  });
});
