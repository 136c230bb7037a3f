import { describe, expect, it } from "vitest";
import { CLASSIC_PROBLEM_KINDS as PROBLEM_KINDS, type ProblemKind, type ProblemReport } from "../teacher/classify-problems";
import { PACKET_FEATURE_NAMES, packetFeatures } from "./packet-features";

const count = (kind: ProblemKind, episodes: number) => ({ kind, episodes, failedEpisodes: episodes, occurrences: episodes * 2, evidence: [] });

describe("packetFeatures", () => {
  it("is a bias plus the share of episodes per problem kind, in PROBLEM_KINDS order", () => {
    const report: ProblemReport = { episodes: 4, failedEpisodes: 4, problems: [count("stalled", 3), count("failed_edit_command", 1)], byEpisode: {} };
    const f = packetFeatures(report);
    expect(PACKET_FEATURE_NAMES).toEqual(["bias", ...PROBLEM_KINDS.map((k) => `share_${k}`)]);
    expect(f).toHaveLength(PACKET_FEATURE_NAMES.length);
    expect(f[0]).toBe(1);
    expect(f[1 + PROBLEM_KINDS.indexOf("stalled")]).toBe(0.75);
    expect(f[1 + PROBLEM_KINDS.indexOf("failed_edit_command")]).toBe(0.25);
    expect(f.filter((x) => x === 0)).toHaveLength(PROBLEM_KINDS.length - 2);
  });

  it("gives zero shares for an empty packet", () => {
    expect(packetFeatures({ episodes: 0, failedEpisodes: 0, problems: [], byEpisode: {} })).toEqual([1, ...PROBLEM_KINDS.map(() => 0)]);
  });
});
