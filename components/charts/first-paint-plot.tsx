// A training chart as the first HTML draws it (issue 18, time to usable content): recharts 3 renders nothing on
// the server and draws only after hydration and measuring its box, so the overview's curves came seconds after
// the page. This plain SVG (geometry from lib/curves/first-paint-plot.ts) lies over the place recharts' plot
// area will take — the same margins, axis widths and colours — and the chart component removes it once recharts
// has drawn its lines. It is decoration for that moment only (aria-hidden): the chart's name, tooltip, marker
// links and values table belong to the recharts chart and the table below it.
import type { FirstPaintPlot } from "@/lib/curves/first-paint-plot";
import { PLOT_UNITS } from "@/lib/curves/first-paint-plot";
import styles from "./first-paint-plot.module.css";

/** recharts' plot area inside the 260 px chart: margin (18, 20, 4, 4) plus the 52 px y axis and the 30 px x axis. */
export const PLOT_AREA = { top: 18, right: 20, bottom: 34, left: 56 };
const GRID = "#d9dde3";
const AXIS = "#8a8f98";

export function FirstPaintPlotView({ plot, height }: { plot: FirstPaintPlot; height: number }) {
  const pct = (at: number) => `${(at / PLOT_UNITS) * 100}%`;
  return (
    <div className={styles.frame} style={{ height }} aria-hidden="true" data-first-paint-plot="">
      <div className={styles.area} style={PLOT_AREA}>
        <svg className={styles.svg} viewBox={`0 0 ${PLOT_UNITS} ${PLOT_UNITS}`} preserveAspectRatio="none" focusable="false">
          {plot.yTicks.map((t, i) => (
            <line key={`gy${i}`} x1={0} x2={PLOT_UNITS} y1={t.at} y2={t.at} stroke={GRID} strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
          ))}
          {plot.xTicks.map((t, i) => (
            <line key={`gx${i}`} x1={t.at} x2={t.at} y1={0} y2={PLOT_UNITS} stroke={GRID} strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
          ))}
          <line x1={0} x2={0} y1={0} y2={PLOT_UNITS} stroke={AXIS} vectorEffect="non-scaling-stroke" />
          <line x1={0} x2={PLOT_UNITS} y1={PLOT_UNITS} y2={PLOT_UNITS} stroke={AXIS} vectorEffect="non-scaling-stroke" />
          {plot.paths.map((p, i) => (
            <path key={`p${i}`} data-first-paint-line="" d={p.d} fill="none" stroke={p.color} strokeWidth={p.width} strokeOpacity={p.opacity}
              strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          ))}
          {plot.markers.map((m, i) => (
            <line key={`m${i}`} x1={m.at} x2={m.at} y1={0} y2={PLOT_UNITS} stroke={m.color} strokeWidth={m.dashed ? 1 : 1.5}
              strokeDasharray={m.dashed ? "4 4" : undefined} vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
        {plot.dots && plot.paths.filter((p) => p.opacity === 1).flatMap((p, i) => p.points.map(([x, y], j) => (
          <span key={`d${i}-${j}`} className={styles.dot} style={{ left: pct(x), top: pct(y), borderColor: p.color }} />
        )))}
        {plot.markers.map((m, i) => (
          <span key={`ml${i}`} className={m.dashed ? styles.epochLabel : styles.markerLabel} style={{ left: pct(m.at), color: m.color }}>
            {m.label}
          </span>
        ))}
        {plot.yTicks.map((t, i) => (
          <span key={`ty${i}`} className={styles.yTick} style={{ top: pct(t.at) }}>{t.label}</span>
        ))}
        {plot.xTicks.map((t, i) => (
          <span key={`tx${i}`} className={styles.xTick} style={{ left: pct(t.at) }}>{t.label}</span>
        ))}
      </div>
    </div>
  );
}
