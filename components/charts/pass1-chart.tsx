"use client";
// One pass@1 chart (a benchmark, or the equal-weight average): per line its 95 % interval as a band and its
// points as links to their matrix cells (an SVG link per point, named in words, so a keyboard or a screen
// reader reaches them too), solid vertical lines where the harness changed, and where each line comes from.
// Data comes prepared (lib/curves/pass-at-1-chart.ts); this only draws.
import { useState } from "react";
import { Area, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { formatCurveX, nearestIndex, rateAxisMax } from "@/lib/curves/chart-data";
import { harnessMarkerLabel } from "@/lib/curves/markers";
import { markerTarget } from "@/lib/curves/marker-link";
import type { Pass1Chart as Chart, Pass1ChartLine, Pass1ChartMarker, Pass1ChartPoint } from "@/lib/curves/pass-at-1-chart";
import type { XAxis as Axis } from "@/lib/curves/x-axis";
import { formatPercent } from "@/lib/format";
import { TOOLTIP_BELOW_PLOT } from "./curve-tooltip";
import { MarkerLinks, type MarkerLink } from "./marker-links";
import styles from "./run-curves.module.css";

interface Props {
  chart: Chart;
  axis: Axis;
  markers: Pass1ChartMarker[];
}

function PointDot({ cx, cy, payload, color }: { cx?: number; cy?: number; payload?: Pass1ChartPoint; color: string }) {
  if (cx === undefined || cy === undefined || !payload) return null;
  const circle = <circle cx={cx} cy={cy} r={4.5} fill={color} stroke="#ffffff" strokeWidth={1.5} />;
  if (!payload.href) return <g aria-hidden="true">{circle}</g>;
  return (
    <a href={payload.href} aria-label={payload.name} className={styles.pointLink}>
      <title>{payload.name}</title>
      {circle}
    </a>
  );
}

function Pass1Tooltip({ active, x, axis, lines }: { active?: boolean; x: number | null; axis: Axis; lines: Pass1ChartLine[] }) {
  if (!active || x === null) return null;
  return (
    <div className={styles.tooltip}>
      <div className={styles.tooltipTitle}>{axis === "time" ? formatCurveX(x, axis, true) : `${axis} ${formatCurveX(x, axis)}`}</div>
      {/* Not a data table (so not DataTable): a few label/value pairs under the pointer, rebuilt on every move, with
          no header, export, priorities or scroll; a bare <table> only lines the numbers up. */}
      <table>
        <tbody>
          {lines.map((l) => {
            const i = nearestIndex(l.points.map((p) => p.x), x);
            if (i < 0) return null;
            const p = l.points[i];
            return (
              <tr key={l.id}>
                <th scope="row"><span className={styles.swatch} style={{ background: l.color }} aria-hidden="true" />{l.name}</th>
                <td className="num">{formatPercent(p.y)}</td>
                <td className="muted">{p.band ? `[${formatPercent(p.band[0])}, ${formatPercent(p.band[1])}]` : "no interval"}</td>
                {axis !== "step" && p.step !== null && <td className="muted">step {p.step}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function Pass1Chart({ chart, axis, markers }: Props) {
  const drawn = chart.lines.filter((l) => l.points.length > 0);
  const top = Math.max(0, ...drawn.flatMap((l) => l.points.map((p) => p.band?.[1] ?? p.y)));
  const xs = drawn.flatMap((l) => l.points.map((p) => p.x));
  const span = xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
  const visible = markers.filter((m, i) => m.x !== null && markers.findIndex((o) => o.x === m.x && o.toVersionId === m.toVersionId) === i);
  const [overlay, setOverlay] = useState<HTMLDivElement | null>(null);
  const links: MarkerLink[] = visible.flatMap((m) => {
    const target = markerTarget(m);
    return target ? [{ x: m.x as number, label: harnessMarkerLabel(m), href: target.href, title: `Open ${target.what}`, color: m.color }] : [];
  });
  return (
    <figure className={styles.chart} data-curve-chart={`pass1:${chart.key}`} data-title={`pass@1 · ${chart.title}`}>
      <figcaption className={styles.chartTitle}>
        <strong>{chart.title}</strong>
        <span className="muted small">pass@1 with its 95 % interval over tasks</span>
      </figcaption>
      {drawn.length === 0 ? (
        <p className="muted small">No point on this axis.</p>
      ) : (
        // The SVG is a group, not an image: its points are links. The sentence says what the chart shows. The
        // markers' label links sit in the overlay beside it.
        <div className={styles.plot} data-lines={drawn.length}>
          <ComposedChart responsive accessibilityLayer={false} role="group" aria-label={chart.description} style={{ width: "100%", height: 260 }} margin={{ top: 18, right: 20, bottom: 4, left: 4 }}>
            <CartesianGrid stroke="#d9dde3" strokeDasharray="3 3" />
            <XAxis dataKey="x" type="number" allowDecimals={axis !== "step"}
              domain={span === 0 ? [(min: number) => min - 1, (max: number) => max + 1] : ["dataMin", "dataMax"]}
              tickFormatter={(x: number) => formatCurveX(x, axis, false, span)} stroke="#8a8f98" fontSize={11} />
            <YAxis domain={[0, rateAxisMax(top)]} width={52} stroke="#8a8f98" fontSize={11} tickFormatter={(v: number) => formatPercent(v, rateAxisMax(top) <= 0.1 ? 1 : 0)} />
            <Tooltip isAnimationActive={false} {...TOOLTIP_BELOW_PLOT}
              content={({ active, label }) => <Pass1Tooltip active={active} x={typeof label === "number" ? label : null} axis={axis} lines={drawn} />} />
            {drawn.map((l) => (
              <Area key={`band-${l.id}`} data={l.points} dataKey="band" name={`${l.name} (95 % interval)`} stroke="none" fill={l.color}
                fillOpacity={0.16} isAnimationActive={false} activeDot={false} legendType="none" />
            ))}
            {drawn.map((l) => (
              <Line key={`line-${l.id}`} data={l.points} dataKey="y" name={l.name} stroke={l.color} strokeWidth={2}
                strokeDasharray={l.source === "metrics" ? "6 3" : undefined} isAnimationActive={false} activeDot={false}
                dot={(props: { cx?: number; cy?: number; payload?: Pass1ChartPoint; index?: number }) => (
                  <PointDot key={`${l.id}-${props.index}`} cx={props.cx} cy={props.cy} payload={props.payload} color={l.color} />
                )} />
            ))}
            {visible.map((m, i) => (
              <ReferenceLine key={`h${i}`} x={m.x as number} stroke={m.color} strokeWidth={1.5}
                label={markerTarget(m) ? undefined : { value: harnessMarkerLabel(m), position: "insideTopLeft", fill: m.color, fontSize: 11 }} />
            ))}
            <MarkerLinks links={links} target={overlay} chart={chart.title} />
          </ComposedChart>
          <div ref={setOverlay} className={styles.markerOverlay} />
        </div>
      )}
      <ul className={styles.sources}>
        {chart.lines.map((l) => (
          <li key={l.id} className="small">
            <span className={styles.swatch} style={{ background: l.color }} aria-hidden="true" />
            <span>{l.name}</span>: <span className="muted">{l.sourceText}</span>
            {l.withoutX > 0 && <span className={styles.reduced}> — {l.withoutX} evaluated {l.withoutX === 1 ? "point has" : "points have"} no {axis === "time" ? "wall time" : axis} and {l.withoutX === 1 ? "is" : "are"} left out</span>}
          </li>
        ))}
      </ul>
    </figure>
  );
}
