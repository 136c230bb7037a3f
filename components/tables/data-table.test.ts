// What DataTable draws for the tables converted to it (issue 20 "one table component for every table"): a
// group's heading row before its first row only (the inbox's failure packets, the cost comparison's groups), a
// note spanning the columns it covers (the comparison's rollouts row), totals in the table's foot, a row header
// that is not the first column (a flipped task after its badge), the selected row, and a cell's own title.
// Rendered to static markup without JSX (the test runs in node).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, type Column } from "./data-table";

interface Line {
  group: string;
  name: string;
  count: number | null;
  note?: string;
}

const columns: Column<Line>[] = [
  { id: "flag", label: "Flag", header: "Flag", value: (l) => l.group },
  { id: "name", label: "Name", header: "Name", value: (l) => l.name },
  { id: "count", label: "Count", header: "Count", numeric: true, colSpan: (l) => (l.note ? 2 : undefined), cell: (l) => l.note ?? String(l.count), title: (l) => `${l.name} counted` },
  { id: "extra", label: "Extra", header: "Extra", priority: 3, value: () => "x" },
];

const lines: Line[] = [
  { group: "a", name: "one", count: 1 },
  { group: "a", name: "two", count: 2, note: "spans two columns" },
  { group: "b", name: "three", count: 3 },
];

function draw(props: Partial<Parameters<typeof DataTable<Line>>[0]> = {}): string {
  return renderToStaticMarkup(
    createElement(DataTable<Line>, { columns, rows: lines, rowKey: (l: Line) => l.name, label: "Lines", ...props }),
  );
}

describe("DataTable", () => {
  it("draws a group's heading row before the group's first row only, spanning every column", () => {
    const html = draw({ groupHeading: (l, i) => (l.group !== lines[i - 1]?.group ? `Group ${l.group}` : undefined) });
    expect(html.match(/<th scope="colgroup" colSpan="4">Group [ab]<\/th>/g)).toEqual([
      '<th scope="colgroup" colSpan="4">Group a</th>',
      '<th scope="colgroup" colSpan="4">Group b</th>',
    ]);
    expect(html.indexOf("Group b")).toBeGreaterThan(html.indexOf(">two<"));
  });

  it("lets a note span the cells it covers, which are then not drawn, and draws it as prose", () => {
    const html = draw();
    const row = html.match(/<tr>(?:(?!<\/tr>).)*>two<.*?<\/tr>/)![0];
    expect(row).toContain('colSpan="2"');
    expect(row).toContain("spans two columns");
    // The row header and two cells, the second covering the last two columns.
    expect(row.match(/<t[hd]/g)).toHaveLength(3);
    expect(row).not.toMatch(/class="num/);
  });

  it("heads each row with the named column and keeps the others plain cells", () => {
    const html = draw({ rowHeader: "name" });
    expect(html).toContain('<th scope="row" data-column="name">one</th>');
    expect(html).toContain('<td data-column="flag">a</td>');
    expect(draw({ rowHeaders: false })).not.toContain('scope="row"');
  });

  it("draws footer rows in the table's foot with the same columns", () => {
    const html = draw({ rows: lines.slice(0, 1), footer: [{ group: "all", name: "total", count: 6 }] });
    expect(html).toMatch(/<tfoot><tr><th scope="row" data-column="flag">all<\/th>.*total.*6.*<\/tr><\/tfoot>/);
  });

  it("marks the selected row, names a grid, and gives a cell its title", () => {
    const html = draw({ role: "grid", rowCount: 9, rowProps: (_, i) => ({ "aria-selected": i === 1 }) });
    expect(html).toContain('role="grid" aria-label="Lines" aria-rowcount="9"');
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html).toContain('title="three counted"');
  });

  it("offers Show all columns only when a column can give way", () => {
    expect(draw()).toContain("Show all columns");
    expect(draw({ columns: columns.slice(0, 3) })).not.toContain("Show all columns");
  });
});
