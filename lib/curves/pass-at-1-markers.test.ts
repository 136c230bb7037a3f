// The pass@1 charts' harness markers: a step's version is the one most of its train rollouts ran under, a
// marker sits where it changes (never at a run's first step), on the step, epoch or time axis.
import { describe, expect, it } from "vitest";
import type { VersionInfo } from "./markers";
import { pass1Markers, stepsByRun, type TrainStepVersionRow } from "./pass-at-1-markers";

const row = (run: string, step: number, harnessVersionId: string | null, rollouts: number, epoch: number | null = null, time: number | null = null): TrainStepVersionRow =>
  ({ run, step, harnessVersionId, rollouts, epoch, time });
const version = (id: string, label: string, parentId: string | null, parentLabel: string | null): VersionInfo =>
  ({ id, label, parentId, parentLabel, origin: "manual", originProposalId: null, description: null });
const versions = [version("H0", "H0", null, null), version("H1", "H1", "H0", "H0"), version("H2", "H2", "H1", "H1")];

describe("stepsByRun", () => {
  it("takes the version most rollouts of a step ran under (a tie: the smaller id), the smallest epoch and the latest time", () => {
    const steps = stepsByRun([row("r", 2, "H1", 3, 2, 50), row("r", 2, "H0", 5, 1, 40), row("r", 1, "H1", 2), row("r", 1, "H0", 2), row("r", 3, null, 4)]);
    expect(steps.get("r")).toEqual([
      { step: 1, harnessVersionId: "H0", epoch: null, time: null },
      { step: 2, harnessVersionId: "H0", epoch: 1, time: 50 },
      { step: 3, harnessVersionId: null, epoch: null, time: null },
    ]);
  });
});

describe("pass1Markers", () => {
  const rows = [row("a", 0, "H1", 4, 1, 1_000), row("a", 1, "H1", 4, 1, 2_000), row("a", 2, "H2", 4, 2, 3_000), row("b", 0, "H0", 4, 1, 500), row("b", 1, "H0", 4, 1, 600)];

  it("marks H1 → H2 where a run's version changes, not the first step of a run that starts on H1; a run staying on H0 has none", () => {
    const markers = pass1Markers(rows, versions, "step");
    expect(markers.map((m) => [m.run, m.step, m.fromLabel, m.toLabel, m.x])).toEqual([["a", 2, "H1", "H2", 2]]);
  });

  it("places markers at the step's epoch or time on those axes", () => {
    expect(pass1Markers(rows, versions, "epoch").map((m) => m.x)).toEqual([2]);
    expect(pass1Markers(rows, versions, "time").map((m) => m.x)).toEqual([3_000]);
    expect(pass1Markers([row("a", 0, "H0", 1), row("a", 1, "H1", 1)], versions, "epoch").map((m) => m.x)).toEqual([null]);
  });
});
