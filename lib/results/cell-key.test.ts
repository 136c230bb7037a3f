import { describe, expect, it } from "vitest";
import { cellKey, parseCellKey, rowKey } from "./cell-key";

describe("cell keys", () => {
  it("round-trip ids holding the separator, slashes, percent signs and spaces", () => {
    const cell = { experimentId: "exp~1", checkpointId: "ck/45 (100%)", harnessVersionId: "H2:a~b", benchmark: "swe-bench verified" };
    const key = cellKey(cell);
    expect(key.split("~")).toHaveLength(4);
    expect(parseCellKey(key)).toEqual(cell);
  });

  it("write a missing checkpoint or harness version as an empty part", () => {
    const cell = { experimentId: "e", checkpointId: null, harnessVersionId: null, benchmark: "b" };
    expect(cellKey(cell)).toBe("e~~~b");
    expect(parseCellKey("e~~~b")).toEqual(cell);
    expect(rowKey(cell)).toBe("e~~");
  });

  it("refuse keys that are not cells", () => {
    expect(parseCellKey("e~c~h")).toBeNull();
    expect(parseCellKey("e~c~h~b~x")).toBeNull();
    expect(parseCellKey("~c~h~b")).toBeNull();
    expect(parseCellKey("e~c~h~")).toBeNull();
    expect(parseCellKey("e~%E0%A4%A~h~b")).toBeNull();
  });
});
