"use client";
// One chart of one key: for each run its raw line (faint when smoothing is on) and its smoothed line, a
// tooltip with the values under the pointer, solid vertical lines where the run's harness changed (labelled
// "H0 → H1") and dashed ones where an epoch began. Data comes prepared (lib/curves); this only draws. Each
// line has its own points (lib/curves/chart-data.ts linePoints), on a shared numeric x axis.
import { useMemo, useState } from "react";
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatCurveX, linePoints, rateAxisMax } from "@/lib/curves/chart-data";
import { chartAriaLabel, reducedText, sourceText } from "@/lib/curves/curve-text";
import { harnessMarkerLabel } from "@/lib/curves/markers";
import { markerTarget } from "@/lib/curves/marker-link";
import type { CurveMarker, CurveSeries } from "@/lib/curves/types";
import type { XAxis as Axis } from "@/lib/curves/x-axis";
import { formatNumber, formatPercent } from "@/lib/format";
import { firstPaintPlot } from "@/lib/curves/first-paint-plot";
import { CurveTooltip, TOOLTIP_BELOW_PLOT } from "./curve-tooltip";
import { FirstPaintPlotView } from "./first-paint-plot";
import { useLinesDrawn } from "./use-lines-drawn";
import { MarkerLinks, type MarkerLink } from "./marker-links";
import type { ChartLine } from "./chart-line";
import styles from "./run-curves.module.css";

export type { ChartLine } from "./chart-line";

interface Props {
  label: string;
  curveKey: string;
  axis: Axis;
  smoothing: number;
  /** A fraction in [0, 1]: a percentage axis from 0. */
  rate: boolean;
  lines: ChartLine[];
  markers: Array<CurveMarker & { color: string }>;
}

const EPOCH_COLOR = "#8a8f98";
const HEIGHT = 260;

export function CurveChart({ label, curveKey, axis, smoothing, rate, lines, markers }: Props) {
  const drawn = lines.filter((l) => l.series.x.length > 0);
  const points = useMemo(() => new Map(lines.map((l) => [l.runId, linePoints(l.series)])), [lines]);
  const dots = Math.max(0, ...lines.map((l) => l.series.x.length)) <= 12;
  // Series are in x order: the span of the axis from each one's ends.
  const span = Math.max(...drawn.map((l) => l.series.x[l.series.x.length - 1])) - Math.min(...drawn.map((l) => l.series.x[0]));
  const formatValue = (v: number | null) => (rate ? formatPercent(v) : formatNumber(v, 4));
  // Overlaid runs often share their epochs: one dashed line per epoch boundary, not one per run.
  const visibleMarkers = markers.filter((m, i) => m.x !== null && (m.kind === "harness" || markers.findIndex((o) => o.kind === "epoch" && o.x === m.x) === i));
  // Until recharts has drawn (after hydration), the same lines as the server drew them in a plain SVG.
  const [plotElement, setPlotElement] = useState<HTMLDivElement | null>(null);
  const rechartsDrawn = useLinesDrawn(plotElement);
  const firstPaint = rechartsDrawn
    ? null
    : firstPaintPlot({
        lines: drawn.map((l) => ({ color: l.color, x: l.series.x, y: l.series.y, s: l.series.s })),
        markers: visibleMarkers.map((m) => ({ kind: m.kind, x: m.x, color: m.kind === "harness" ? m.color : EPOCH_COLOR, label: m.kind === "harness" ? harnessMarkerLabel(m) : `epoch ${m.epoch}` })),
        axis, rate, smoothing,
      });
  // Harness markers with somewhere to go get their label as a link over the plot; the rest keep an SVG label.
  const [overlay, setOverlay] = useState<HTMLDivElement | null>(null);
  const links: MarkerLink[] = visibleMarkers.flatMap((m) => {
    const target = m.kind === "harness" ? markerTarget(m) : null;
    return m.kind === "harness" && target ? [{ x: m.x as number, label: harnessMarkerLabel(m), href: target.href, title: `Open ${target.what}`, color: m.color }] : [];
  });
  const aria = chartAriaLabel({
    label, axis, markers,
    lines: drawn.map((l) => ({ run: l.name, points: l.series.x.length, reduced: l.series.reduced })),
  });

  return (
    <figure className={styles.chart} data-curve-chart={curveKey} data-title={label}>
      <figcaption className={styles.chartTitle}>
        <strong>{label}</strong>
        {label !== curveKey && <span className="muted small mono">{curveKey}</span>}
      </figcaption>
      {drawn.length === 0 ? (
        <p className="muted small">No values to draw for this key.</p>
      ) : (
        // The SVG is role="img" with the chart in words and takes no focus (its values are in the table); the
        // markers' label links sit in the overlay beside it, outside the image.
        <div ref={setPlotElement} className={styles.plot} data-lines={drawn.length}>
          {firstPaint && <FirstPaintPlotView plot={firstPaint} height={HEIGHT} />}
          <LineChart responsive accessibilityLayer={false} role="img" aria-label={aria} style={{ width: "100%", height: HEIGHT }} margin={{ top: 18, right: 20, bottom: 4, left: 4 }}>
            <CartesianGrid stroke="#d9dde3" strokeDasharray="3 3" />
            <XAxis
              dataKey="x" type="number" allowDecimals={axis !== "step"}
              domain={axis === "epoch" ? [(min: number) => Math.floor(min), (max: number) => Math.ceil(max)] : ["dataMin", "dataMax"]}
              tickFormatter={(x: number) => formatCurveX(x, axis, false, span)} stroke="#8a8f98" fontSize={11} />
            <YAxis
              domain={rate ? [0, rateAxisMax] : ["auto", "auto"]} width={52} stroke="#8a8f98" fontSize={11}
              tickFormatter={(v: number) => (rate ? formatPercent(v, 0) : formatNumber(v, 3))} />
            <Tooltip
              isAnimationActive={false} {...TOOLTIP_BELOW_PLOT}
              content={({ active, label: x }) => (
                <CurveTooltip active={active} x={typeof x === "number" ? x : null} axis={axis} lines={drawn} smoothing={smoothing} formatValue={formatValue} />
              )} />
            {smoothing > 0 && drawn.map((l) => (
              <Line key={`raw-${l.runId}`} data={points.get(l.runId)} dataKey="y" name={`${l.name} (raw)`} stroke={l.color} strokeOpacity={0.3}
                strokeWidth={1} dot={false} activeDot={false} isAnimationActive={false} />
            ))}
            {drawn.map((l) => (
              <Line key={`line-${l.runId}`} data={points.get(l.runId)} dataKey={smoothing > 0 ? "s" : "y"} name={l.name} stroke={l.color}
                strokeWidth={2} dot={dots ? { r: 2.5 } : false} isAnimationActive={false} />
            ))}
            {visibleMarkers.map((m, i) =>
              m.kind === "harness" ? (
                <ReferenceLine key={`h${i}`} x={m.x as number} stroke={m.color} strokeWidth={1.5}
                  label={markerTarget(m) ? undefined : { value: harnessMarkerLabel(m), position: "insideTopLeft", fill: m.color, fontSize: 11 }} />
              ) : (
                <ReferenceLine key={`e${i}`} x={m.x as number} stroke={EPOCH_COLOR} strokeDasharray="4 4"
                  label={{ value: `epoch ${m.epoch}`, position: "insideBottomLeft", fill: EPOCH_COLOR, fontSize: 11 }} />
              ),
            )}
            <MarkerLinks links={links} target={overlay} chart={label} />
          </LineChart>
          <div ref={setOverlay} className={styles.markerOverlay} />
        </div>
      )}
      <ul className={styles.sources}>
        {lines.map((l) => {
          const reduced = reducedText(l.series, axis);
          return (
            <li key={l.runId} className="small">
              <span className={styles.swatch} style={{ background: l.color }} aria-hidden="true" />
              <span>{l.name}</span>: <span className="muted">{sourceText(l.series)}</span>
              {reduced && <span className={styles.reduced}> — {reduced}</span>}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
