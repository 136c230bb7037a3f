import { describe, expect, it } from "vitest";
import { toCsv, toMarkdown } from "./table-data";

describe("toCsv", () => {
  it("quotes fields with commas, quotes and line breaks, and leaves null cells empty", () => {
    const csv = toCsv({ columns: ["task", "note", "pass@1"], rows: [["a,b", 'say "hi"', 0.5], ["c", "two\nlines", null]] });
    expect(csv).toBe('task,note,pass@1\r\n"a,b","say ""hi""",0.5\r\nc,"two\nlines",\r\n');
  });
  it("keeps full precision and drops non-finite numbers", () => {
    expect(toCsv({ columns: ["x"], rows: [[1 / 3], [Number.NaN]] })).toBe(`x\r\n${1 / 3}\r\n\r\n`);
  });
});

describe("toCsv and spreadsheet formulas", () => {
  it("defuses text that a spreadsheet would run as a formula, but not numbers", () => {
    expect(toCsv({ columns: ["title", "Δ"], rows: [["=HYPERLINK(\"x\")", -1.5], ["@SUM(A1)", 2]] })).toBe(
      'title,Δ\r\n"\'=HYPERLINK(""x"")",-1.5\r\n\'@SUM(A1),2\r\n',
    );
  });
});

describe("toMarkdown", () => {
  it("escapes pipes, folds line breaks and right-aligns numeric columns", () => {
    expect(toMarkdown({ columns: ["method", "Verified"], rows: [["GRPO | base", 47.8], ["multi\nline", null]] })).toBe(
      "| method | Verified |\n| --- | ---: |\n| GRPO \\| base | 47.8 |\n| multi line |  |\n",
    );
  });
  it("writes a header and rule for an empty table", () => {
    expect(toMarkdown({ columns: ["a"], rows: [] })).toBe("| a |\n| --- |\n");
  });
});

// Issue 13, finding 6: header cells (experiment names on the compare tables, benchmarks on the matrix) reached
// the spreadsheet raw, only body cells were defused.
describe("every cell is defused, headers included", () => {
  const hostile = ['=HYPERLINK("http://evil.example","x")', "+cmd", "-2+3", "@SUM(1)", "\t=1+1", "\r=1+1"];

  it("CSV: each formula-looking header cell gets a leading apostrophe", () => {
    const header = toCsv({ columns: ["benchmark", ...hostile], rows: [] }).split("\r\n")[0];
    expect(header).toBe(`benchmark,"'=HYPERLINK(""http://evil.example"",""x"")",'+cmd,'-2+3,'@SUM(1),'\t=1+1,"'\r=1+1"`);
  });

  it("Markdown: header and body text cells are defused too, numbers are not", () => {
    const md = toMarkdown({ columns: ["task", ...hostile], rows: [["=cmd|' /C calc'!A0", -1, 2, 3, 4, 5, 6]] });
    const [header, , body] = md.split("\n");
    expect(header).toBe(`| task | '=HYPERLINK("http://evil.example","x") | '+cmd | '-2+3 | '@SUM(1) | '\t=1+1 | ' =1+1 |`);
    expect(body).toBe("| '=cmd\\|' /C calc'!A0 | -1 | 2 | 3 | 4 | 5 | 6 |");
  });

  it("an experiment named like a DDE payload is defused in the header of a CSV", () => {
    expect(toCsv({ columns: ["Quantity", "=cmd|' /C calc'!A0"], rows: [["rollouts", 3]] })).toBe("Quantity,'=cmd|' /C calc'!A0\r\nrollouts,3\r\n");
  });
});
