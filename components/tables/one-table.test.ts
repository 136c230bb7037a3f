// Issue 20 ("one table component for every table") and issue 18 ("one table component with column priorities"):
// no page or component hand-writes a data table. The only <table> elements outside DataTable are the trajectory
// browser's virtualised grid, which draws its own rows inside the shared frame, and the chart tooltips' value
// lists, which say why they are not data tables. The "Show all columns" switch exists once.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const files = [...sources("app"), ...sources("components")].sort();
const text = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

const TOOLTIPS = ["components/charts/curve-tooltip.tsx", "components/charts/pass1-chart.tsx"];
const GRID = "components/trajectory-browser/rollout-table.tsx";

describe("one table component", () => {
  it("leaves no hand-written <table> outside DataTable, the virtualised grid and the chart tooltips", () => {
    const withTable = files.filter((f) => /<table[\s>]/.test(text(f)));
    expect(withTable).toEqual(["components/tables/data-table.tsx", ...TOOLTIPS, GRID].sort());
  });

  it("has the tooltips say why they are not data tables, and the grid draw in the shared frame", () => {
    for (const file of TOOLTIPS) expect(text(file), file).toMatch(/Not a data table/);
    expect(text(GRID)).toMatch(/<TableFrame\b/);
    expect(text(GRID)).toMatch(/stickyFirstColumn/);
  });

  it("draws the Show all columns switch in one place", () => {
    expect(files.filter((f) => /\/>\s*Show all columns/.test(text(f)))).toEqual(["components/tables/table-frame.tsx"]);
  });
});
