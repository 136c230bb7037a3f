import { describe, expect, it } from "vitest";
import { epochMarkers, harnessMarkerLabel, harnessMarkerName, harnessMarkers, type VersionInfo } from "./markers";

const v = (id: string, label: string, parent: VersionInfo | null, proposal: string | null = null): VersionInfo => ({
  id, label, parentId: parent?.id ?? null, parentLabel: parent?.label ?? null,
  origin: proposal ? "proposal" : parent ? "manual" : "initial", originProposalId: proposal, description: null,
});
const h0 = v("h0", "H0", null);
const h1 = v("h1", "H1", h0, "p1");
const h2 = v("h2", "H2", h1, "p2");
const versions = new Map([h0, h1, h2].map((x) => [x.id, x]));

describe("harnessMarkers", () => {
  it("marks where the run's files change, never the run's first step (HarnessAdapt-RL: H1 from step 0, H2 at step 3)", () => {
    const steps = [0, 1, 2, 3, 4, 5].map((step) => ({ step, harnessVersionId: step < 3 ? "h1" : "h2" }));
    const markers = harnessMarkers(steps, versions);
    expect(markers.map((m) => [m.step, harnessMarkerLabel(m), m.proposalId, m.fromVersionId, m.toVersionId])).toEqual([
      [3, "H1 → H2", "p2", "h1", "h2"],
    ]);
  });

  it("says nothing for a run that stays on one version (GRPO on H0), nor for a relaunched run that starts on H2", () => {
    expect(harnessMarkers([0, 1, 2].map((step) => ({ step, harnessVersionId: "h0" })), versions)).toEqual([]);
    expect(harnessMarkers([12, 13, 14].map((step) => ({ step, harnessVersionId: "h2" })), versions)).toEqual([]);
  });

  it("says nothing where a version with the same files follows (H1 recorded with H0's files), and names versions in the one naming", () => {
    const same = new Map([
      ["h0", { ...h0, filesKey: "a" }],
      ["h1", { ...h1, filesKey: "a", name: "H1 (same files as H0)" }],
      ["h2", { ...h2, filesKey: "b" }],
    ]);
    const steps = [0, 1, 2, 3].map((step) => ({ step, harnessVersionId: step === 0 ? "h0" : step < 3 ? "h1" : "h2" }));
    const markers = harnessMarkers(steps, same);
    expect(markers.map((m) => [m.step, harnessMarkerLabel(m), harnessMarkerName(m)])).toEqual([[3, "H1 → H2", "H1 (same files as H0) → H2"]]);
  });

  it("marks a switch back, from the version of the step before", () => {
    const other = v("x", "X", null);
    const map = new Map([...versions, ["x", other]]);
    const steps = [
      { step: 0, harnessVersionId: "h0" },
      { step: 1, harnessVersionId: null }, // no version known: skipped, not a change
      { step: 2, harnessVersionId: "x" },
      { step: 5, harnessVersionId: "h1" },
    ];
    expect(harnessMarkers(steps, map).map((m) => [m.step, harnessMarkerLabel(m)])).toEqual([
      [2, "H0 → X"],
      [5, "X → H1"],
    ]);
  });

  it("names an unknown version by its id", () => {
    const markers = harnessMarkers([{ step: 0, harnessVersionId: "h0" }, { step: 1, harnessVersionId: "ghost" }], versions);
    expect(markers).toMatchObject([{ step: 1, fromLabel: "H0", toLabel: "ghost", proposalId: null, origin: "unknown" }]);
  });
});

describe("epochMarkers", () => {
  it("marks the first step of each new epoch, skipping unknown epochs", () => {
    expect(epochMarkers([0, 1, 2, 3, 4, 7], [1, 1, null, 2, 2, 3])).toEqual([{ kind: "epoch", step: 3, epoch: 2 }, { kind: "epoch", step: 7, epoch: 3 }]);
    expect(epochMarkers([0], [1])).toEqual([]);
  });
});
