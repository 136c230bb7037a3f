// The curves API's query, read strictly: settings and pass@1 scopes round-trip through curvesApiPath, and the
// first problem names its parameter (pass1 first, then unknown, repeated, bad values, no run at all).
import { describe, expect, it } from "vitest";
import { curvesApiPath } from "./curve-settings";
import { parseCurvesApiQuery } from "./curves-api-query";

describe("parseCurvesApiQuery", () => {
  it("round-trips settings through the API address, with pass@1 scopes beside them", () => {
    const settings = { runs: ["exp:1/run a", "b%c"], keys: ["critic/score/mean"], x: "epoch" as const, points: 300, smoothing: 0.25 };
    const search = `${curvesApiPath(settings).split("?")[1]}&pass1=run:r1,experiment:e%202`;
    expect(parseCurvesApiQuery(search)).toEqual({ ok: true, settings, pass1: [{ kind: "run", id: "r1" }, { kind: "experiment", id: "e 2" }] });
    expect(parseCurvesApiQuery("pass1=experiment:e")).toMatchObject({ ok: true, settings: { runs: [] }, pass1: [{ kind: "experiment", id: "e" }] });
  });

  it.each([
    ["runs=a&pass1=run:a&pass1=run:b", "pass1", "give it once"],
    ["runs=a&pass1=checkpoint:c", "pass1", 'each entry must be run:<id> or experiment:<id>, not "checkpoint:c"'],
    ["runs=a&colour=red", "colour", "unknown parameter (expected runs, keys, x, points, smoothing, pass1)"],
    ["runs=a&runs=b", "runs", "give it once"],
    ["runs=a&x=sideways", "x", "must be one of step, epoch, time"],
    ["runs=a&points=5", "points", "must be from 16 to 10000"],
    ["runs=a&smoothing=1", "smoothing", "must be a number from 0 to 0.99"],
    ["keys=k", "runs", "name at least one run id"],
  ])("refuses %s naming %s", (search, field, message) => {
    expect(parseCurvesApiQuery(search)).toEqual({ ok: false, problem: { field, message } });
  });
});
