// The concurrency run reports each load phase under its own suffix. A phase measures only some sides (the
// browser query alone beside the producers, or one reader's heavy pages): the figures of a side it did not
// measure must be absent, not NaN figures that read like measurements.
import { describe, expect, it } from "vitest";
import { newCounters } from "./concurrency-load";
import { phaseFigures, type LoadPhase } from "./concurrency";

function phase(o: { loaded?: number[]; pages?: number[]; producerAnswers?: number }): LoadPhase {
  const producerCounters = newCounters();
  producerCounters.requests = o.producerAnswers ?? 0;
  producerCounters.latenciesMs = Array.from({ length: producerCounters.requests }, () => 40);
  return {
    loaded: o.loaded ?? [],
    pageLatencies: o.pages ?? [],
    ingested: producerCounters.requests * 10,
    loadSeconds: 2,
    producerCounters,
    counters: [producerCounters],
    niceApplied: null,
    timerDelayP99Ms: 3,
    pageTimerDelayP99Ms: 4,
  };
}

describe("the concurrency run's figures per load phase", () => {
  it("report the browser query against idle, and nothing about pages, for the browser query alone beside the producers", () => {
    const figures = phaseFigures(phase({ loaded: Array.from({ length: 20 }, (_, i) => i + 1), producerAnswers: 50 }), 10, "_alone");
    expect(figures.browser_query_load_p95_ms_alone).toBe(19);
    expect(figures.browser_query_load_vs_idle_p95_ratio_alone).toBe(1.9);
    expect(figures.ingest_rollouts_per_s_under_load_alone).toBe(250);
    expect(Object.keys(figures).filter((key) => key.startsWith("heavy_page"))).toEqual([]);
  });

  it("say which of the three query shapes holds the p95 (query i has shape i % 3: filtered, sorted, search)", () => {
    // The searches (every third query) are slow: the p95 of the whole is theirs, and the by-shape figure says so.
    const loaded = Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? 200 + i : 10 + (i % 3)));
    const figures = phaseFigures(phase({ loaded, producerAnswers: 5 }), 10, "_alone");
    expect(figures.browser_query_load_p95_ms_by_shape_alone).toEqual([10, 11, 229]);
  });

  it("report the heavy pages, and no browser query, for a phase that timed only pages", () => {
    const figures = phaseFigures(phase({ pages: [100, 200, 300], producerAnswers: 5 }), 10, "_reader");
    expect(figures.heavy_page_p95_ms_reader).toBe(300);
    expect(figures.heavy_page_requests_reader).toBe(3);
    expect(Object.keys(figures).filter((key) => key.startsWith("browser_query"))).toEqual([]);
    expect(Object.values(figures).every((value) => Number.isFinite(value))).toBe(true);
  });

  it("report no producer figures for a phase without producers", () => {
    const figures = phaseFigures(phase({ loaded: [5, 6], pages: [50] }), 10, "_pages_only");
    expect(Object.keys(figures).filter((key) => key.includes("ingest") || key.startsWith("producer"))).toEqual([]);
  });
});
