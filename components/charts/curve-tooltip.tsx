"use client";
// The values under the pointer: for each run the point of its series nearest to the hovered x (series are
// reduced independently, so they need not share xs), raw and smoothed, with the step it belongs to. It is
// drawn small and just below the plot (TOOLTIP_BELOW_PLOT), following the pointer across but never over the
// lines being read.
import { formatCurveX, nearestIndex } from "@/lib/curves/chart-data";
import type { XAxis } from "@/lib/curves/x-axis";
import type { ChartLine } from "./chart-line";
import styles from "./run-curves.module.css";

/** The charts are 260 px tall: the tooltip starts under them and may leave the chart's box downwards only. */
export const TOOLTIP_BELOW_PLOT = {
  position: { y: 264 },
  offset: 12,
  allowEscapeViewBox: { x: false, y: true },
  wrapperStyle: { zIndex: 10, pointerEvents: "none" as const },
};

interface Props {
  active: boolean | undefined;
  x: number | null;
  axis: XAxis;
  lines: ChartLine[];
  smoothing: number;
  formatValue: (v: number | null) => string;
}

export function CurveTooltip({ active, x, axis, lines, smoothing, formatValue }: Props) {
  if (!active || x === null) return null;
  return (
    <div className={styles.tooltip}>
      <div className={styles.tooltipTitle}>{axis === "step" ? `step ${formatCurveX(x, axis)}` : axis === "epoch" ? `epoch ${formatCurveX(x, axis)}` : formatCurveX(x, axis, true)}</div>
      {/* Not a data table (so not DataTable): a few label/value pairs under the pointer, rebuilt on every move, with
          no header, export, priorities or scroll; a bare <table> only lines the numbers up. */}
      <table>
        <tbody>
          {lines.map((l) => {
            const i = nearestIndex(l.series.x, x);
            if (i < 0) return null;
            return (
              <tr key={l.runId}>
                <th scope="row">
                  <span className={styles.swatch} style={{ background: l.color }} aria-hidden="true" />
                  {l.name}
                </th>
                <td className="num">{formatValue(l.series.y[i])}</td>
                {smoothing > 0 && <td className="num muted">smoothed {formatValue(l.series.s[i])}</td>}
                {axis !== "step" && <td className="muted">step {l.series.step[i]}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
