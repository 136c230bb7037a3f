// What the pass@1 charts draw, prepared from GET /api/v1/curves?pass1=… (the prepare half of prepare → draw;
// components/charts/pass1-*.tsx only draw): one chart per benchmark and one for the equal-weight average, in
// each a line per harness version (per scope and version when scopes are overlaid) with its 95 % band, every
// point named in words and linked to its matrix cell, the harness markers, and where the values come from.
// Lines keep one colour across the charts. Pure.
import { formatCount } from "../format";
import { formatScoreWithCi } from "../results/matrix-format";
import { runColor } from "./chart-data";
import { harnessMarkerName } from "./markers";
import { pass1PointHref } from "./pass-at-1-links";
import type { Pass1Marker } from "./pass-at-1-markers";
import type { Pass1Curves, Pass1Scope, Pass1Series } from "./pass-at-1-types";
import { X_AXIS_LABELS, type XAxis } from "./x-axis";

export interface Pass1ChartPoint {
  x: number;
  y: number;
  /** [low, high] of the 95 % interval, drawn as the band; null without one. */
  band: [number, number] | null;
  step: number | null;
  tasks: number | null;
  /** "H1 · mini-verified at step 6: 43.3 [38.1, 48.5]" — the link's accessible name. */
  name: string;
  href: string | null;
}

export interface Pass1ChartLine {
  id: string;
  name: string;
  color: string;
  source: Pass1Series["source"];
  sourceText: string;
  withoutX: number;
  points: Pass1ChartPoint[];
}

export interface Pass1Chart {
  /** The benchmark, or "average". */
  key: string;
  title: string;
  lines: Pass1ChartLine[];
  /** The chart in one sentence, for its group's label. */
  description: string;
}

export type Pass1ChartMarker = Pass1Marker & { scopeName: string | null; color: string; text: string };

export interface Pass1ChartView {
  x: XAxis;
  charts: Pass1Chart[];
  markers: Pass1ChartMarker[];
  /** Series with at least one point on this axis. */
  drawn: number;
}

export const AVERAGE_KEY = "average";
const MARKER_COLOR = "#5a6270";

export function scopeId(scope: Pass1Scope): string {
  return `${scope.kind}:${scope.id}`;
}

function lineIdentity(scopeIndex: number, s: Pass1Series): string {
  return s.source === "eval results" ? `${scopeIndex}|eval|${s.harnessVersionId ?? ""}` : `${scopeIndex}|metrics|${s.run ?? ""}`;
}

function lineBaseName(curves: Pass1Curves, s: Pass1Series): string {
  // A line standing for identical versions is named by all of them: its label before " · benchmark".
  if (s.source === "eval results" && s.sameFilesVersionIds) return s.label.slice(0, s.label.lastIndexOf(" · "));
  if (s.source === "eval results") return s.harnessLabel ?? "no harness version";
  return curves.scope.kind === "experiment" && s.run ? `${s.run} · trainer metrics` : "trainer metrics";
}

export function pass1SourceText(s: Pass1Series): string {
  if (s.source === "eval results") return "stored evaluation results (band: 95 % interval over tasks)";
  return s.metricKey ? `as reported by the trainer (${s.metricKey}); no interval` : "mean of the trainer's reported pass@1 over these benchmarks; no interval";
}

function place(step: number | null, x: number, axis: XAxis): string {
  return step !== null ? `step ${formatCount(step)}` : `${X_AXIS_LABELS[axis]} ${x}`;
}

/**
 * The charts of one or more scopes' curves (in the order asked). `scopeName` names a scope in line names when
 * several are overlaid (null: leave it out).
 */
export function pass1ChartView(all: readonly Pass1Curves[], scopeName: (scope: Pass1Scope) => string | null): Pass1ChartView {
  const x = all[0]?.x ?? "step";
  const several = all.length > 1;
  const order: string[] = [];
  const add = (key: string) => {
    if (!order.includes(key)) order.push(key);
  };
  for (const c of all) c.benchmarks.forEach(add);
  for (const c of all) for (const s of c.series) if (s.benchmark !== null) add(s.benchmark);

  const colors = new Map<string, string>();
  const colorOf = (id: string) => {
    if (!colors.has(id)) colors.set(id, runColor(colors.size));
    return colors.get(id)!;
  };
  const byChart = new Map<string, Pass1ChartLine[]>();
  let drawn = 0;
  all.forEach((curves, scopeIndex) => {
    const prefix = several ? scopeName(curves.scope) : null;
    for (const s of curves.series) {
      // A version identical to an earlier one is drawn as that one's line ("H0 = H1 (same files)").
      if (s.foldedInto) continue;
      const id = lineIdentity(scopeIndex, s);
      const name = prefix ? `${prefix} · ${lineBaseName(curves, s)}` : lineBaseName(curves, s);
      const what = s.benchmark ?? AVERAGE_KEY;
      const points = s.points.map((p, i): Pass1ChartPoint => ({
        x: p.x,
        y: p.passAt1,
        band: p.lo !== null && p.hi !== null ? [p.lo, p.hi] : null,
        step: p.step,
        tasks: p.tasks,
        name: `${name} · ${what} at ${place(p.step, p.x, x)}: ${formatScoreWithCi({ score: p.passAt1, ci: p.lo !== null && p.hi !== null ? [p.lo, p.hi] : null })}`,
        href: pass1PointHref(curves.experimentId, s, i),
      }));
      if (points.length > 0) drawn += 1;
      const line: Pass1ChartLine = { id, name, color: colorOf(id), source: s.source, sourceText: pass1SourceText(s), withoutX: s.withoutX, points };
      const key = s.benchmark ?? AVERAGE_KEY;
      byChart.set(key, [...(byChart.get(key) ?? []), line]);
    }
  });
  if (byChart.has(AVERAGE_KEY)) add(AVERAGE_KEY);

  const markers: Pass1ChartMarker[] = all.flatMap((curves) => {
    const name = several ? scopeName(curves.scope) : null;
    return curves.markers.map((m) => ({ ...m, scopeName: name, color: MARKER_COLOR, text: `${harnessMarkerName(m)} at step ${formatCount(m.step)}` }));
  });
  const markerWords = markers.length ? ` Harness changes: ${markers.map((m) => (m.scopeName ? `${m.scopeName}: ${m.text}` : m.text)).join("; ")}.` : "";

  const charts = order.filter((key) => byChart.has(key)).map((key): Pass1Chart => {
    const lines = byChart.get(key)!;
    const title = key === AVERAGE_KEY ? "Average over benchmarks (equal weight)" : key;
    const words = lines.map((l) => `${l.name} (${formatCount(l.points.length)} ${l.points.length === 1 ? "point" : "points"})`).join(", ");
    return { key, title, lines, description: `pass@1 on ${title} by ${X_AXIS_LABELS[x]}: ${words}.${markerWords}` };
  });
  return { x, charts, markers, drawn };
}
