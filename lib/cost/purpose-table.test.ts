import { describe, expect, it } from "vitest";
import { emptyCell, summariseByPurpose, summariseByRun } from "./cost-summary";
import { callsTable } from "./model-calls";
import { purposeRows, purposeTable, runTable } from "./purpose-table";

const summary = summariseByPurpose([
  { ...emptyCell(), runId: "r", purpose: "train", rollouts: 4, turns: 12, promptTokens: { reported: 2, sum: 300 } },
  { ...emptyCell(), runId: "r", purpose: "eval", rollouts: 2, turns: 10 },
]);

describe("purpose rows and tables", () => {
  it("lists the five purposes in the paper's words, then the training side and the total", () => {
    expect(purposeRows(summary).map((r) => [r.label, r.cell.rollouts])).toEqual([
      ["policy training", 4], ["preparation", 0], ["comparison", 0], ["evaluation", 2], ["re-runs", 0],
      ["training side", 4], ["all rollouts", 6],
    ]);
  });

  it("exports empty sums where nothing was reported, and the reported-by counts", () => {
    const t = purposeTable(summary);
    const col = (name: string) => t.columns.indexOf(name);
    const train = t.rows[0];
    expect(train[col("Prompt tokens")]).toBe(300);
    expect(train[col("Prompt tokens reported by")]).toBe(2);
    expect(train[col("Cost (USD)")]).toBeNull();
    expect(train[col("Mean turns")]).toBe(3);
    expect(t.rows[1][col("Mean turns")]).toBeNull();
  });

  it("exports runs and calls", () => {
    const runs = runTable(summariseByRun([{ ...emptyCell(), runId: "r", purpose: "train", rollouts: 4, turns: 12 }], [{ id: "r", name: null, kind: "train", status: "finished" }]));
    expect(runs.rows[0].slice(0, 5)).toEqual(["r", "r", "train", "finished", 4]);
    expect(callsTable({ teacherProposals: 3, teacherSkills: 5, engineerPatches: 8, failurePackets: 1 }).rows.map((r) => [r[1], r[2]])).toEqual([
      ["teacher 2", 3], ["teacher 1", 5], ["engineer", 8], ["engineer input", 1],
    ]);
  });
});
