import { describe, expect, it } from "vitest";
import {
  curveSettingsSearch, curvesApiPath, parseCurveSettings, parseViewSettings, rawFromParams, rawFromQueryString, viewDefaultPoints,
} from "./curve-settings";

const defaults = { runs: ["r1"], keys: ["train:trainable_rate", "train:pass_rate"] };

describe("parseCurveSettings", () => {
  it("uses the defaults when nothing is given", () => {
    expect(parseCurveSettings({}, defaults)).toEqual({
      settings: { runs: ["r1"], keys: ["train:trainable_rate", "train:pass_rate"], x: "step", points: 2000, smoothing: 0.6 },
      problems: [],
    });
  });

  it("reads every setting and drops empty and repeated list entries", () => {
    const { settings, problems } = parseCurveSettings(
      { runs: ["a", " b ", "", "a"], keys: ["critic/score/mean"], x: "epoch", points: "500", smoothing: "0.9" },
      defaults,
    );
    expect(problems).toEqual([]);
    expect(settings).toEqual({ runs: ["a", "b"], keys: ["critic/score/mean"], x: "epoch", points: 500, smoothing: 0.9 });
  });

  it("names each refused value and keeps its default", () => {
    const { settings, problems } = parseCurveSettings(
      { x: "steps", points: "12", smoothing: "1", keys: Array.from({ length: 21 }, (_, i) => `k${i}`), runs: ["x".repeat(257)] },
      defaults,
    );
    expect(problems).toEqual([
      { field: "runs", message: "each entry must be at most 256 characters" },
      { field: "keys", message: "at most 20 entries" },
      { field: "x", message: "must be one of step, epoch, time" },
      { field: "points", message: "must be from 16 to 10000" },
      { field: "smoothing", message: "must be a number from 0 to 0.99" },
    ]);
    expect(settings).toEqual({ ...parseCurveSettings({}, defaults).settings });
    expect(parseCurveSettings({ points: "1e3" }, defaults).problems).toEqual([{ field: "points", message: "must be a whole number" }]);
    expect(parseCurveSettings({ smoothing: "-0.1" }, defaults).problems[0].field).toBe("smoothing");
  });

  it("cuts default runs and keys to the limits a chart overlays", () => {
    const many = Array.from({ length: 30 }, (_, i) => `r${i}`);
    const { settings } = parseCurveSettings({}, { runs: many, keys: many });
    expect(settings.runs).toEqual(many.slice(0, 20));
    expect(settings.keys).toEqual(many.slice(0, 20));
  });
});

describe("parseViewSettings", () => {
  it("drops and names runs the view does not offer", () => {
    const { settings, problems } = parseViewSettings({ runs: ["r1", "ghost", "r2"] }, defaults, ["r1", "r2"]);
    expect(settings.runs).toEqual(["r1", "r2"]);
    expect(problems).toEqual([{ field: "runs", message: 'no such run to draw: "ghost"' }]);
    expect(parseViewSettings({ runs: ["ghost"] }, defaults, null).settings.runs).toEqual(["ghost"]);
    // Nothing left: the view's default runs.
    expect(parseViewSettings({ runs: ["ghost"] }, defaults, ["r1"]).settings.runs).toEqual(["r1"]);
  });
});

describe("viewDefaultPoints", () => {
  it("gives up to four runs 2,000 points each, then shares about 8,000 per chart, never below 400", () => {
    expect([1, 4, 5, 10, 20, 50].map(viewDefaultPoints)).toEqual([2000, 2000, 1600, 800, 400, 400]);
  });

  it("applies to a view unless the address names the points", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `r${i}`);
    expect(parseViewSettings({ runs: ten }, defaults, null).settings.points).toBe(800);
    expect(parseViewSettings({ runs: ten, points: "3000" }, defaults, null).settings.points).toBe(3000);
    expect(parseViewSettings({ runs: ten, points: "3" }, defaults, null).settings.points).toBe(800);
  });
});

describe("query strings", () => {
  it("reads the API's query: lists split on commas, unknown and repeated parameters named", () => {
    const { raw, unknown, problems } = rawFromQueryString("?runs=a%3Ab,c%20d&keys=critic%2Fscore%2Fmean&x=time&extra=1");
    expect(raw).toEqual({ runs: ["a:b", "c d"], keys: ["critic/score/mean"], x: "time" });
    expect(unknown).toEqual(["extra"]);
    expect(problems).toEqual([]);
    // Next hands the route "a,b" re-encoded as a%2Cb: it must still be two runs.
    expect(rawFromQueryString("runs=a%2Cb").raw.runs).toEqual(["a", "b"]);
    expect(rawFromQueryString("runs=a&runs=b").problems).toEqual([{ field: "runs", message: "give it once" }]);
  });

  it("round-trips settings through the API address", () => {
    const s = { runs: ["exp:1/run a", "b%c"], keys: ["critic/score/mean", "train:pass_rate"], x: "epoch" as const, points: 300, smoothing: 0.25 };
    const { raw } = rawFromQueryString(curvesApiPath(s).split("?")[1]);
    expect(parseCurveSettings(raw, defaults)).toEqual({ settings: s, problems: [] });
  });

  it("writes only what differs from the defaults into a page address, keeping the page's own parameters", () => {
    const base = parseViewSettings({}, defaults, null).settings;
    expect(curveSettingsSearch(base, defaults)).toBe("");
    expect(curveSettingsSearch({ ...base, x: "time", smoothing: 0 }, defaults, "", [["tab", "a b"], ["x", "old"]])).toBe("?tab=a%20b&x=time&smoothing=0");
    const withRuns = curveSettingsSearch({ ...base, runs: ["r 1", "r2"] }, defaults, "c.");
    expect(withRuns).toBe("?c.runs=r%201,r2");
    const params = new URLSearchParams(withRuns);
    expect(parseCurveSettings(rawFromParams((n) => params.get(n) ?? undefined, "c."), defaults).settings.runs).toEqual(["r 1", "r2"]);
  });
});
