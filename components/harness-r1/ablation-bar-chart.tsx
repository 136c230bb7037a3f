"use client";
// One environment's hook-position ablation as horizontal bars: the change in pass@1 when a position is removed
// from the full patch, largest drop at the top, each bar with its paired 95 % interval as an error bar and its
// value printed beside the position's name. The data comes prepared from the server (lib/harness-r1); this only
// draws it. The SVG is the accessible image; its numbers are also in the tables below the charts.
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, ReferenceLine, XAxis, YAxis } from "recharts";
import type { AblationChart } from "@/lib/harness-r1/ablation-view";
import styles from "./harness-r1.module.css";

interface Props {
  chart: AblationChart;
  /** Shared by the environments' charts so their bars compare. */
  axis: { domain: [number, number]; ticks: number[] };
}

const ROW_HEIGHT = 44;

/** "−4", "0", "+2": the axis is in pp (see the caption), signed like every difference on the page. */
const tickText = (x: number) => (x === 0 ? "0" : `${x < 0 ? "\u2212" : "+"}${Math.abs(x)}`);

export function AblationBarChart({ chart, axis }: Props) {
  const data = chart.bars.map((b) => ({
    ...b,
    tick: `${b.position}  ${b.text}`,
    value: b.changePp ?? 0,
    // Lower and upper lengths of the error bar from the bar's end.
    error: b.changePp !== null && b.lowPp !== null && b.highPp !== null ? [b.changePp - b.lowPp, b.highPp - b.changePp] : [0, 0],
  }));
  return (
    <figure className={styles.chartFigure}>
      <figcaption className={styles.chartCaption}>
        {chart.benchmark} <span className="muted small">change in pass@1 when removed, pp</span>
      </figcaption>
      <div className={styles.chart}>
        <BarChart
          layout="vertical"
          data={data}
          responsive
          style={{ width: "100%", height: 40 + ROW_HEIGHT * Math.max(1, data.length) }}
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
          accessibilityLayer={false}
          role="img"
          aria-label={chart.description}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" className={styles.grid} />
          <XAxis type="number" domain={axis.domain} ticks={axis.ticks} interval={0} tickFormatter={tickText} className={styles.axis} />
          <YAxis type="category" dataKey="tick" width={170} className={styles.axis} />
          <ReferenceLine x={0} className={styles.zero} />
          <Bar dataKey="value" isAnimationActive={false} barSize={18}>
            {data.map((d) => (
              <Cell key={d.position} className={d.value > 0 ? styles.gainBar : styles.dropBar} />
            ))}
            <ErrorBar dataKey="error" width={6} strokeWidth={1.5} className={styles.errorBar} isAnimationActive={false} />
          </Bar>
        </BarChart>
      </div>
    </figure>
  );
}
