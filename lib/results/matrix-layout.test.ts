import { describe, expect, it } from "vitest";
import { evaluatedCheckpoints, matrixLayout } from "./matrix-layout";
import { fixtureSource } from "./matrix-fixture.test-data";

const rowIds = (rows: Array<{ experimentId: string; checkpointId: string | null; harnessVersionId: string | null }>) =>
  rows.map((r) => `${r.experimentId}/${r.checkpointId}/${r.harnessVersionId}`);

describe("matrixLayout", () => {
  it("methods: one row per experiment at its final checkpoint, under the harness evaluated last", () => {
    const l = matrixLayout(fixtureSource(), { preset: "methods", harnessRule: "latest" });
    expect(rowIds(l.rows)).toEqual(["ha/ha-s6/ha-H2", "grpo/grpo-s6/grpo-H0"]);
    expect(l.rows[0]).toMatchObject({ label: "HarnessAdapt", detail: "harnessadapt-rl · step 6 · H2", choice: "final evaluated checkpoint; the harness evaluated last" });
    // Benchmarks in the order they were first evaluated.
    expect(l.columns).toEqual(["verified", "pro"]);
    expect(l.notes).toEqual([]);
  });

  it("methods: the incumbent rule, and the initial rule", () => {
    const inc = matrixLayout(fixtureSource(), { preset: "methods", harnessRule: "incumbent" });
    expect(rowIds(inc.rows)).toEqual(["ha/ha-s6/ha-H1", "grpo/grpo-s6/grpo-H0"]);
    expect(inc.rows[0].choice).toBe("final evaluated checkpoint; the incumbent harness (H1)");
    const initial = matrixLayout(fixtureSource(), { preset: "methods", harnessRule: "initial" });
    expect(rowIds(initial.rows)).toEqual(["ha/ha-s6/ha-H0", "grpo/grpo-s6/grpo-H0"]);
  });

  it("methods: an incumbent never evaluated at the final checkpoint falls back, and says so", () => {
    const source = fixtureSource();
    source.experiments[0].incumbentVersionIds = ["ha-H9"];
    source.experiments[0].incumbentLabel = "H3";
    const l = matrixLayout(source, { preset: "methods", harnessRule: "incumbent" });
    expect(rowIds(l.rows)[0]).toBe("ha/ha-s6/ha-H2");
    expect(l.notes).toEqual(["HarnessAdapt: the incumbent harness (H3) was not evaluated at step 6; its row shows the harness evaluated last."]);
  });

  it("methods: an experiment without evaluations is named, not shown", () => {
    const source = fixtureSource();
    source.experiments.push({ id: "empty", name: "Empty", method: "custom", incumbentVersionIds: [], incumbentLabel: null });
    expect(matrixLayout(source, { preset: "methods", harnessRule: "latest" }).notes).toEqual(["Empty has no evaluation results."]);
  });

  it("harness swap: by default the checkpoint with the most harness versions; rows in version order", () => {
    const l = matrixLayout(fixtureSource(), { preset: "harness-swap", harnessRule: "latest" });
    expect(l.checkpointId).toBe("ha-s6");
    expect(l.rows.map((r) => r.label)).toEqual(["H0", "H1", "H2"]);
    expect(l.rows[0].detail).toBe("HarnessAdapt · step 6");
    const other = matrixLayout(fixtureSource(), { preset: "harness-swap", harnessRule: "latest", checkpointId: "ha-s3" });
    expect(rowIds(other.rows)).toEqual(["ha/ha-s3/ha-H0"]);
    expect(other.columns).toEqual(["verified"]);
  });

  it("full: every evaluated triple, by experiment, step and harness version", () => {
    const l = matrixLayout(fixtureSource(), { preset: "full", harnessRule: "latest" });
    expect(rowIds(l.rows)).toEqual(["ha/ha-s3/ha-H0", "ha/ha-s6/ha-H0", "ha/ha-s6/ha-H1", "ha/ha-s6/ha-H2", "grpo/grpo-s6/grpo-H0"]);
    expect(l.rows[4].label).toBe("GRPO · final (step 6) · H0");
  });

  it("lists the evaluated checkpoints in training order with their harness counts", () => {
    expect(evaluatedCheckpoints(fixtureSource())).toEqual([
      { id: "ha-s3", text: "HarnessAdapt · step 3", harnessVersions: 1 },
      { id: "ha-s6", text: "HarnessAdapt · step 6", harnessVersions: 3 },
      { id: "grpo-s6", text: "GRPO · final (step 6)", harnessVersions: 1 },
    ]);
  });
});
