// The column spec's export and priorities: CSV rows come from the columns' values (so the page and the export
// agree), columns without a value are left out of the export, and only lower priorities can be hidden.
import { describe, expect, it } from "vitest";
import { toCsv } from "@/lib/tables/table-data";
import { columnPriority, hasHideableColumns, tableDataOf, type Column } from "./columns";

interface Run {
  name: string;
  cost: number | null;
}

const columns: Column<Run>[] = [
  { id: "run", label: "Run", header: "Run", value: (r) => r.name },
  { id: "cost", label: "Cost", header: "Cost ($)", numeric: true, priority: 3, value: (r) => r.cost },
  { id: "actions", label: "Actions", header: "", cell: () => "Open" },
];

describe("tableDataOf", () => {
  it("exports every column with a value, under its text label, in order", () => {
    const table = tableDataOf(columns, [{ name: "train", cost: 1.5 }, { name: "=cmd", cost: null }]);
    expect(table).toEqual({ columns: ["Run", "Cost"], rows: [["train", 1.5], ["=cmd", null]] });
    // The export defuses formula-looking text like every other table export.
    expect(toCsv(table)).toBe("Run,Cost\r\ntrain,1.5\r\n'=cmd,\r\n");
  });
});

describe("priorities", () => {
  it("default to 1 (always shown); a table offers to show hidden columns only when one can be hidden", () => {
    expect(columnPriority(columns[0])).toBe(1);
    expect(columnPriority(columns[1])).toBe(3);
    expect(hasHideableColumns(columns)).toBe(true);
    expect(hasHideableColumns([columns[0], columns[2]])).toBe(false);
  });
});
