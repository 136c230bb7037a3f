import { describe, expect, it } from "vitest";
import { checkMechanismSkill, segmentText, MAX_CHECKED_CHARS } from "./mechanism-check";
import { MECHANISM_RULES } from "./mechanism-rules";
import { MECHANISMS } from "../../programs/reference-experiment/teacher/skills";

const rulesOf = (text: string) => checkMechanismSkill(text).findings.map((f) => f.rule);
const snippetsOf = (text: string) => checkMechanismSkill(text).findings.map((f) => f.snippet);

describe("the documented examples of every rule", () => {
  for (const rule of MECHANISM_RULES) {
    for (const text of rule.flags) {
      it(`${rule.id} flags ${JSON.stringify(text)}`, () => {
        expect(rulesOf(text)).toContain(rule.id);
      });
    }
    for (const text of rule.passes) {
      it(`${rule.id} lets ${JSON.stringify(text)} pass`, () => {
        expect(checkMechanismSkill(text).findings).toEqual([]);
      });
    }
  }
});

describe("checkMechanismSkill on whole skills", () => {
  it("passes a mechanism-level text that says when and why, in plain words", () => {
    const text =
      "When a failing check reports a value one step away from the expected one (e.g. one item too many), examine " +
      "whether a boundary comparison should include or exclude its endpoint before changing any arithmetic. " +
      "Confirm the repair with the tests before submitting; a test/train split or pass/fail count is not the point.";
    expect(checkMechanismSkill(text)).toEqual({ passes: true, findings: [], checkedChars: text.length });
  });

  it("passes every mechanism text of the reference experiment's teacher", () => {
    for (const text of Object.values(MECHANISMS)) expect(checkMechanismSkill(text).findings, text).toEqual([]);
  });

  it("passes version numbers, abbreviations and model names", () => {
    const text = "Since Python 3.11 and v2.0.1, i.e. after the 2024 release, GPT-5.5 and Qwen3.5-9B (a.k.a. the 9B model) score 57.6 %, etc.";
    expect(checkMechanismSkill(text).passes).toBe(true);
  });

  it("passes Korean prose and flags the code inside it", () => {
    expect(checkMechanismSkill("실패한 검사가 기대값과 한 단계 차이 나면 경계 비교를 먼저 확인한다.").passes).toBe(true);
    const mixed = "실패하면 src/range.py 파일의 fix_bound() 함수를 고친다.";
    expect(snippetsOf(mixed)).toEqual(["src/range.py", "fix_bound()"]);
  });

  it("flags a near-answer hint on all three counts, with the offending text and its position", () => {
    const text = "Open src/range.py and change `i <= n` to `i < n` in range_items().";
    const { passes, findings } = checkMechanismSkill(text);
    expect(passes).toBe(false);
    expect(findings.map((f) => [f.kind, f.snippet])).toEqual([
      ["path", "src/range.py"],
      ["code", "`i <= n`"],
      ["code", "`i < n`"],
      ["symbol", "range_items()"],
    ]);
    for (const f of findings) expect(text.slice(f.start, f.end)).toBe(f.snippet);
  });

  it("reports a fenced block once, not every name and operator inside it", () => {
    const text = "Guard the empty case:\n```python\nif not items:\n    return None\n```\nthen re-test.";
    const { findings } = checkMechanismSkill(text);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: "fenced-block", kind: "code" });
    expect(findings[0].snippet.startsWith("```python")).toBe(true);
  });

  it("reports a path once even though its file name would match alone", () => {
    expect(rulesOf("edit lib/utils/strings.py")).toEqual(["slash-path"]);
  });

  it("flags a dotted call once, as a call", () => {
    expect(checkMechanismSkill("use os.path.join(a, b) instead").findings).toMatchObject([{ rule: "call", snippet: "os.path.join(a, b)" }]);
  });

  it("finds every occurrence, not only the first", () => {
    expect(snippetsOf("first setup.py, then tox.ini, then setup.py again")).toEqual(["setup.py", "tox.ini", "setup.py"]);
  });

  it("gives the same answer twice (no state carried between texts)", () => {
    const text = "change a == b in foo.py";
    expect(checkMechanismSkill(text)).toEqual(checkMechanismSkill(text));
    expect(checkMechanismSkill("plain words").passes).toBe(true);
    expect(checkMechanismSkill(text).findings).toHaveLength(2);
  });

  it("passes an empty text and checks only the first MAX_CHECKED_CHARS of a huge one", () => {
    expect(checkMechanismSkill("")).toEqual({ passes: true, findings: [], checkedChars: 0 });
    const huge = `${"plain words ".repeat(MAX_CHECKED_CHARS / 6)}setup.py`;
    const result = checkMechanismSkill(huge);
    expect(result.checkedChars).toBe(MAX_CHECKED_CHARS);
    expect(result.passes).toBe(true);
  });
});

describe("segmentText", () => {
  it("cuts the text into plain and flagged stretches that join back to the text", () => {
    const text = "Open setup.py and call run() now";
    const segments = segmentText(text, checkMechanismSkill(text).findings);
    expect(segments.map((s) => [s.text, s.findings.map((f) => f.rule)])).toEqual([
      ["Open ", []],
      ["setup.py", ["file-name"]],
      [" and call ", []],
      ["run()", ["call"]],
      [" now", []],
    ]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
  });

  it("merges overlapping findings into one flagged stretch naming both", () => {
    const text = "then return foo(y) here";
    const segments = segmentText(text, checkMechanismSkill(text).findings);
    const flagged = segments.filter((s) => s.findings.length > 0);
    expect(flagged).toHaveLength(1);
    expect(flagged[0].text).toBe("return foo(y)");
    expect(flagged[0].findings.map((f) => f.rule).sort()).toEqual(["call", "return"]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
  });

  it("returns the whole text as one plain stretch when nothing is flagged", () => {
    expect(segmentText("all plain", [])).toEqual([{ text: "all plain", findings: [] }]);
    expect(segmentText("", [])).toEqual([]);
  });
});
