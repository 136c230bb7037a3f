// The words around a chart: which run a line is, where its values come from, whether it was reduced, and the
// chart described for a screen reader. Pure, so server and client say the same thing.
import { formatCount } from "../format";
import { harnessMarkerName } from "./markers";
import type { CurveMarker, CurveRun, CurveSeries } from "./types";
import { X_AXIS_LABELS, type XAxis } from "./x-axis";

/** "name" inside one experiment; "experiment · name" when the runs come from several. */
export function runDisplayName(run: Pick<CurveRun, "id" | "name" | "experimentName">, acrossExperiments: boolean): string {
  const name = run.name ?? run.id;
  return acrossExperiments ? `${run.experimentName} · ${name}` : name;
}

export function sourceText(series: Pick<CurveSeries, "source">): string {
  const { source } = series;
  switch (source.kind) {
    case "rollouts":
      return `computed from ${formatCount(source.rollouts)} stored ${source.rollouts === 1 ? "rollout" : "rollouts"}`;
    case "trainer":
      return `as reported by the trainer (${source.key})`;
    case "metric":
      return "as reported by the trainer";
    case "none":
      return `nothing to draw: ${source.reason}`;
  }
}

/** The reduction and the points left off the axis, or null when the series is drawn whole. */
export function reducedText(series: Pick<CurveSeries, "reduced" | "originalCount" | "withoutX" | "x">, axis: XAxis): string | null {
  const parts: string[] = [];
  if (series.reduced) {
    parts.push(`showing ${formatCount(series.x.length)} of ${formatCount(series.originalCount)} points; every bucket keeps its min and max`);
  }
  if (series.withoutX > 0) {
    const what = axis === "epoch" ? "an epoch" : "a wall time";
    parts.push(`${formatCount(series.withoutX)} ${series.withoutX === 1 ? "point" : "points"} without ${what} left out`);
  }
  return parts.length ? parts.join("; ") : null;
}

/** Where a marker is, in the words of the axis: "step 3", plus the epoch position or time when that is the axis. */
export function markerPlace(m: Pick<CurveMarker, "step">): string {
  return `step ${formatCount(m.step)}`;
}

export function markerText(m: CurveMarker): string {
  return m.kind === "harness" ? `${harnessMarkerName(m)} at ${markerPlace(m)}` : `epoch ${m.epoch} begins at ${markerPlace(m)}`;
}

/** The chart in one sentence for role="img": what, over what, for which runs, how many points, which markers. */
export function chartAriaLabel(input: {
  label: string;
  axis: XAxis;
  lines: Array<{ run: string; points: number; reduced: boolean }>;
  markers: CurveMarker[];
}): string {
  const lines = input.lines.length
    ? input.lines.map((l) => `${l.run} (${formatCount(l.points)} ${l.points === 1 ? "point" : "points"}${l.reduced ? ", reduced" : ""})`).join(", ")
    : "no run with values";
  const harness = input.markers.filter((m) => m.kind === "harness").map(markerText);
  const epochs = input.markers.filter((m) => m.kind === "epoch").map(markerText);
  return [
    `Line chart of ${input.label} by ${X_AXIS_LABELS[input.axis]} for ${lines}.`,
    harness.length ? ` Harness changes: ${harness.join("; ")}.` : "",
    epochs.length ? ` Epoch boundaries: ${epochs.join("; ")}.` : "",
    " The values are in the table below the charts.",
  ].join("");
}
