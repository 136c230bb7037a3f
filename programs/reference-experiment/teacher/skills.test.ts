import { describe, expect, it } from "vitest";
import { suggestedOperators } from "../policy/features";
import { EDIT_OPERATORS, type RepairTask } from "../types";
import { edit, failedEdit, failingTests, passingTests, scriptedEpisode, submit, view } from "./episode-fixture";
import { checkSkill, MECHANISMS, sourceIdentifiers, writeMechanismSkill } from "./skills";

const SOURCE = `// countAbove(values, threshold) -> number: how many values exceed the threshold
function countAbove(values, threshold) {
  let total = 0;
  for (let idx = 0; idx < values.length; idx++) {
    if (values[idx] >= threshold) total += 1;
  }
  const label_text = "countAbove result";
  return total;
}
module.exports = { countAbove };
`;

const task: RepairTask = {
  id: "t1",
  key: "train/count-above-001",
  suite: "train",
  families: ["off-by-one"],
  path: "src/count-above.js",
  source: SOURCE,
  reference: SOURCE.replace(">=", ">"),
  visibleTests: [],
  hiddenTests: [],
};

const success = scriptedEpisode([view(), failingTests(5), edit(5, "toggle-inclusive"), passingTests(), submit()], { success: true });

describe("writeMechanismSkill", () => {
  it("states the mechanism of the successful edit, the failure's lesson, and verification", () => {
    const failure = scriptedEpisode([view(), failingTests(5), edit(3, "toggle-inclusive"), failingTests(5, 2), submit()], { success: false });
    const text = writeMechanismSkill(success, failure, task);
    expect(text).toBe([
      MECHANISMS["toggle-inclusive"],
      "The failed attempt changed statements the failure did not implicate; locate the statement the failing check depends on first.",
      "Confirm the repair with the tests before submitting.",
    ].join(" "));
    expect(checkSkill(text, task)).toEqual({ ok: true, problems: [] });
  });

  it.each([
    ["failed edits", [failingTests(5), failedEdit(5), failedEdit(4), submit()], false, /did not fit the statement/],
    ["a different kind of change on the right line", [failingTests(5), edit(5, "flip-comparison"), failingTests(5), submit()], false, /different kind of change/],
    ["no verification", [failingTests(5), edit(5, "toggle-inclusive"), submit()], false, /without re-running the tests/],
    ["no change at all", [failingTests(5), submit()], false, /without a change that applied/],
    ["a symptom-only patch", [failingTests(5), edit(5, "toggle-inclusive"), passingTests(), submit()], false, /explains every failing case/],
    ["running out of turns", [view(), failingTests(5), view()], true, /ran out of turns/],
  ] as const)("names the lesson of %s", (_, steps, truncated, lesson) => {
    const failure = scriptedEpisode([...steps], { success: false, truncated });
    const text = writeMechanismSkill(success, failure, task);
    expect(text).toMatch(lesson);
    expect(checkSkill(text, task).problems).toEqual([]);
  });

  it("falls back to the task's bug family when the success shows no applied edit", () => {
    const noEdit = scriptedEpisode([failingTests(5), submit()], { success: true });
    const text = writeMechanismSkill(noEdit, noEdit, { ...task, families: ["missing-guard"] });
    expect(text.startsWith(MECHANISMS["add-guard"])).toBe(true);
  });

  it("every mechanism text passes the check and names its own mechanism in words the policy reads", () => {
    for (const op of EDIT_OPERATORS) {
      expect(checkSkill(MECHANISMS[op], task).problems).toEqual([]);
      expect(suggestedOperators([MECHANISMS[op]]).has(op)).toBe(true);
    }
  });
});

describe("checkSkill", () => {
  it("collects the task's identifiers outside comments and strings", () => {
    const ids = sourceIdentifiers(SOURCE);
    expect(ids).toContain("countAbove");
    expect(ids).toContain("label_text");
    expect(ids).toContain("threshold");
    expect(ids).not.toContain("result"); // only inside a string
    expect(ids).not.toContain("exceed"); // only inside a comment
    expect(ids).not.toContain("function");
  });

  it.each([
    "When a failing check reports a value one step away from the expected one, examine loop bounds and inclusive comparisons before editing arithmetic; confirm with the tests before submitting.",
    "Check the loop bound(s) first, e.g. an inclusive comparison at the end of a range.",
    "Off-by-one errors often hide in the total and/or the threshold of a count.",
    "If the tests still fail after two attempts, re-read the failure message.",
  ])("accepts a mechanism: %s", (text) => {
    expect(checkSkill(text, task)).toEqual({ ok: true, problems: [] });
  });

  it.each([
    ["Look at src/count-above.js before editing.", /task's file|repository path/],
    ["The helpers live in lib/utils/math.js.", /repository path/],
    ["Open count-above.js first.", /task's file/],
    ["The bug is in countAbove.", /code symbol countAbove/],
    ["Rename label_text if needed.", /code symbol label_text/],
    ["Replace `>=` with `>`.", /backticks/],
    ["The condition >= should be >.", /code operator/],
    ["Use idx < n instead.", /comparison or assignment/],
    ["Start the loop at i + 1.", /arithmetic/],
    ["Call clamp(value, lo) on the input.", /call with arguments/],
    ["Compare against values.length rather than the count.", /property access/],
    ["Check values[idx] on each pass.", /index expression/],
    ["Wrap the body in { } to be safe.", /braces/],
    ["Add return 0; at the top.", /statement/],
    ["Change line 4: the comparison is inclusive.", /location/],
    ["", /empty/],
  ])("refuses %j", (text, problem) => {
    const result = checkSkill(text, task);
    expect(result.ok).toBe(false);
    expect(result.problems.join("\n")).toMatch(problem);
  });

  it("allows a plain-word identifier in prose but not in code", () => {
    expect(checkSkill("Make sure the total counts every match.", task).ok).toBe(true);
    expect(checkSkill("Make sure total += 1 runs for every match.", task).ok).toBe(false);
  });
});
