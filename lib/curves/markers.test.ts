import { describe, expect, it } from "vitest";
import { epochMarkers, harnessMarkerLabel, harnessMarkers, type VersionInfo } from "./markers";

const v = (id: string, label: string, parent: VersionInfo | null, proposal: string | null = null): VersionInfo => ({
  id, label, parentId: parent?.id ?? null, parentLabel: parent?.label ?? null,
  origin: proposal ? "proposal" : parent ? "manual" : "initial", originProposalId: proposal, description: null,
});
const h0 = v("h0", "H0", null);
const h1 = v("h1", "H1", h0, "p1");
const h2 = v("h2", "H2", h1, "p2");
const versions = new Map([h0, h1, h2].map((x) => [x.id, x]));

describe("harnessMarkers", () => {
  it("marks the first step against the version's parent and every later change (HarnessAdapt-RL: H1 from step 0, H2 at step 3)", () => {
    const steps = [0, 1, 2, 3, 4, 5].map((step) => ({ step, harnessVersionId: step < 3 ? "h1" : "h2" }));
    const markers = harnessMarkers(steps, versions);
    expect(markers.map((m) => [m.step, harnessMarkerLabel(m), m.proposalId, m.fromVersionId, m.toVersionId])).toEqual([
      [0, "H0 → H1", "p1", "h0", "h1"],
      [3, "H1 → H2", "p2", "h1", "h2"],
    ]);
  });

  it("says nothing for a run that stays on a root version (GRPO on H0)", () => {
    expect(harnessMarkers([0, 1, 2].map((step) => ({ step, harnessVersionId: "h0" })), versions)).toEqual([]);
  });

  it("marks a switch back and uses the step before when a version has no parent", () => {
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
      [5, "H0 → H1"],
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
