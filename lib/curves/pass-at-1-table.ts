// The pass@1 curves as a table (one row per point), for the values under the charts and the CSV / Markdown
// export: the same numbers the charts draw, with the matrix cell each point is. Pure.
import type { TableData } from "../tables/table-data";
import { pass1SourceText, scopeId } from "./pass-at-1-chart";
import type { Pass1Curves } from "./pass-at-1-types";
import { X_AXIS_LABELS } from "./x-axis";

export function pass1Table(all: readonly Pass1Curves[]): TableData {
  const x = all[0]?.x ?? "step";
  const columns = ["scope", "series", "source", "harness version", "benchmark", "checkpoint", "step", `x (${X_AXIS_LABELS[x]})`, "pass@1", "95% low", "95% high", "tasks", "matrix cell"];
  const rows: TableData["rows"] = [];
  for (const curves of all) {
    // The table shows what the charts draw: a folded version's points are its line's ("H0 = H1 (same files)").
    for (const s of curves.series.filter((x) => !x.foldedInto)) {
      const source = pass1SourceText(s);
      for (const p of s.points) {
        rows.push([
          scopeId(curves.scope), s.label, source, s.harnessLabel, s.benchmark ?? "average", p.checkpointId, p.step,
          x === "time" ? new Date(p.x).toISOString() : p.x, p.passAt1, p.lo, p.hi, p.tasks, p.cellKey,
        ]);
      }
    }
  }
  return { columns, rows };
}
