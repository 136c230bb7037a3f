// Field readers for untrusted JSON: times that do not depend on the importing machine's time zone,
// task names from file names, and problems that name the field.
import { describe, expect, it } from "vitest";
import { ImportProblem } from "../types";
import { fileStem, isoToMillis, optCount, optString } from "./untrusted-json";

describe("isoToMillis", () => {
  it.each([
    ["2025-05-12T20:27:36-04:00", "2025-05-13T00:27:36.000Z"],
    ["2024-10-15T12:53:13.264282-04:00", "2024-10-15T16:53:13.264Z"],
    ["2025-01-27 22:44:56+0000", "2025-01-27T22:44:56.000Z"],
    // OpenHands writes local times without an offset: read as UTC, the same on every machine.
    ["2025-01-27T22:44:56.900854", "2025-01-27T22:44:56.900Z"],
  ])("reads %s", (text, iso) => {
    expect(isoToMillis(text)).toBe(Date.parse(iso));
  });

  it.each(["yesterday", "2025-13-45T99:99:99", ""])("has no time for %j", (text) => {
    expect(isoToMillis(text)).toBeUndefined();
  });
});

describe("field readers", () => {
  it("name the field and what was found", () => {
    const read = () => optString({ content: ["a"] }, "content", "line 3.history[0].args");
    expect(read).toThrow(ImportProblem);
    expect(read).toThrow("line 3.history[0].args.content: must be a string, got an array");
    expect(() => optCount({ n: -2 }, "n", "usage")).toThrow("usage.n: must not be negative, got -2");
    expect(optString({ content: null }, "content", "x")).toBeUndefined();
  });

  it("take a task name from a file name", () => {
    expect(fileStem("openhands-events/basic.json")).toBe("basic");
    expect(fileStem("a/b/run.v2.json")).toBe("run.v2");
    expect(fileStem("noext")).toBe("noext");
  });
});
