// One run's line on a training-curve chart: what the chart (curve-chart.tsx) draws and its tooltip
// (curve-tooltip.tsx) lists. Apart from both so they do not import each other.
import type { CurveSeries } from "@/lib/curves/types";

export interface ChartLine {
  runId: string;
  name: string;
  color: string;
  series: CurveSeries;
}
