// The shown series as a table (long form: one row per drawn point), for the values <details>, the CSV
// download and the copy buttons — the same numbers the chart draws.
import type { TableData } from "../tables/table-data";
import { sourceText } from "./curve-text";
import type { CurvesResponse } from "./types";
import { X_AXIS_LABELS } from "./x-axis";

export function curvesTable(data: CurvesResponse, runName: (runId: string) => string): TableData {
  const columns = ["run", "run id", "series", "key", "source", "step", `x (${X_AXIS_LABELS[data.x]})`, "value", data.smoothing > 0 ? `smoothed (EMA ${data.smoothing})` : "smoothed"];
  const rows: TableData["rows"] = [];
  for (const s of data.series) {
    const source = sourceText(s);
    for (let i = 0; i < s.x.length; i++) {
      rows.push([runName(s.run), s.run, s.label, s.key, source, s.step[i], data.x === "time" ? new Date(s.x[i]).toISOString() : s.x[i], s.y[i], s.s[i]]);
    }
  }
  return { columns, rows };
}
