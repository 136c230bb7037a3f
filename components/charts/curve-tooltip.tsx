"use client";
// The values under the pointer: for each run the point of its series nearest to the hovered x (series are
// reduced independently, so they need not share xs), raw and smoothed, with the step it belongs to.
import { formatCurveX, nearestIndex } from "@/lib/curves/chart-data";
import type { XAxis } from "@/lib/curves/x-axis";
import type { ChartLine } from "./curve-chart";
import styles from "./run-curves.module.css";

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
