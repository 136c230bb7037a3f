import { describe, expect, it } from "vitest";
import {
  formatCount, formatDateTime, formatDuration, formatNumber, formatPercent, formatRatio, formatRelativeTime,
} from "./format";

describe("formatPercent", () => {
  it("formats fractions as percentages", () => {
    expect(formatPercent(0.465)).toBe("46.5%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(0.0054, 2)).toBe("0.54%");
  });
  it("shows a dash for unknown values", () => {
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(undefined)).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("—");
  });
});

describe("formatCount / formatNumber / formatRatio", () => {
  it("groups thousands", () => {
    expect(formatCount(18056)).toBe("18,056");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(null)).toBe("—");
  });
  it("trims reals", () => {
    expect(formatNumber(0.5)).toBe("0.5");
    expect(formatNumber(-0.125)).toBe("-0.125");
    expect(formatNumber(1 / 3)).toBe("0.333");
    expect(formatNumber(12345.5)).toBe("12345.5");
    expect(formatNumber(null)).toBe("—");
  });
  it("writes n of m", () => {
    expect(formatRatio(3, 1200)).toBe("3 of 1,200");
  });
});

describe("formatDateTime", () => {
  it("is UTC and zone independent", () => {
    expect(formatDateTime(Date.UTC(2026, 2, 5, 14, 7, 59))).toBe("2026-03-05 14:07 UTC");
    expect(formatDateTime(null)).toBe("—");
  });
});

describe("formatRelativeTime", () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);
  it("describes the past", () => {
    expect(formatRelativeTime(now - 10_000, now)).toBe("just now");
    expect(formatRelativeTime(now - 60_000, now)).toBe("1 min ago");
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe("5 min ago");
    expect(formatRelativeTime(now - 3 * 3_600_000, now)).toBe("3 h ago");
    expect(formatRelativeTime(now - 2 * 86_400_000, now)).toBe("2 d ago");
    expect(formatRelativeTime(now - 90 * 86_400_000, now)).toBe("3 mo ago");
    expect(formatRelativeTime(now - 2 * 365 * 86_400_000, now)).toBe("2 y ago");
  });
  it("describes the future", () => {
    expect(formatRelativeTime(now + 2 * 3_600_000, now)).toBe("in 2 h");
  });
  it("shows a dash for unknown times", () => {
    expect(formatRelativeTime(null, now)).toBe("—");
  });
});

describe("formatDuration", () => {
  it("picks a readable unit", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(12_340)).toBe("12.3 s");
    expect(formatDuration(245_000)).toBe("4 min 05 s");
    expect(formatDuration(2 * 3_600_000 + 3 * 60_000)).toBe("2 h 03 min");
    expect(formatDuration(null)).toBe("—");
  });
});
