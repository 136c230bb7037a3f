// Teacher 1: mechanism-level skills. From a success and a failure on the same task, write a short text
// saying when and why a repair strategy applies — the mechanism, not the fix. The paper's point is that
// such skills transfer and near-answer hints do not, so checkSkill refuses anything that points at the
// answer: repository paths, code symbols of the task, literal code, line numbers. Skills are given in
// training only; the caller removes them at evaluation.
import type { BugFamily, EpisodeResult, RepairTask } from "../types";
import { editOf, isFailedEdit, isRefused, readSteps, testOutcome, type Step } from "./trajectory";

/** When and why each repair mechanism applies, in words a reader can act on without seeing the code. */
export const MECHANISMS: Record<string, string> = {
  "toggle-inclusive":
    "When a failing check reports a value one step away from the expected one, examine whether a boundary comparison should include or exclude its endpoint before changing any arithmetic.",
  "increment-constant":
    "When results are consistently off by the same small amount, look for a starting value or fixed offset that is one step too small.",
  "decrement-constant":
    "When results are consistently off by the same small amount, look for a starting value or fixed offset that is one step too large.",
  "flip-comparison":
    "When a condition picks the wrong branch for inputs on one side of a threshold, check the direction of the comparison before touching the values compared.",
  "swap-operator":
    "When a result has a plausible size but the wrong sign, or grows where it should shrink, check which arithmetic operation combines the values.",
  "swap-arguments":
    "When a result looks as if two inputs traded places, check the order in which values are handed to a helper.",
  "add-guard":
    "When a check fails with an exception on empty or missing input, add an early exit for that case instead of changing the main computation.",
  "negate-condition":
    "When the behaviour is exactly inverted for one kind of input, check whether a condition is negated.",
};

/** The mechanism a bug family calls for, when the successful attempt's edits do not say. */
const FAMILY_OPERATOR: Record<BugFamily, string> = {
  "off-by-one": "toggle-inclusive",
  "wrong-operator": "swap-operator",
  "wrong-comparison": "flip-comparison",
  "swapped-arguments": "swap-arguments",
  "missing-guard": "add-guard",
  "wrong-constant": "increment-constant",
  "negated-condition": "negate-condition",
};

const VERIFY = "Confirm the repair with the tests before submitting.";

/** What went wrong in the failed attempt, as a lesson; null when nothing stands out. */
function contrast(failure: Step[], failureResult: EpisodeResult, successLines: Set<number>, successOps: Set<string>): string | null {
  const edits = failure.filter((s) => editOf(s) !== null);
  const applied = edits.filter((s) => !isFailedEdit(s));
  if (edits.length - applied.length >= 2) {
    return "The failed attempt spent turns on edits that did not fit the statement they targeted; choose a change that matches the kind of statement on the line.";
  }
  if (applied.length > 0 && applied.every((s) => !successLines.has(editOf(s)!.line))) {
    return "The failed attempt changed statements the failure did not implicate; locate the statement the failing check depends on first.";
  }
  if (applied.length > 0 && applied.every((s) => !successOps.has(editOf(s)!.operator))) {
    return "The failed attempt found the right statement but applied a different kind of change; let the symptom decide the kind of change.";
  }
  const submitAt = failure.findLastIndex((s) => s.tool === "submit" && !isRefused(s));
  if (submitAt >= 0) {
    const before = failure.slice(0, submitAt);
    const lastEdit = before.findLastIndex((s) => editOf(s) !== null && !isFailedEdit(s));
    const lastTest = before.findLastIndex((s) => testOutcome(s) !== null);
    if (lastTest < 0 || lastTest < lastEdit) {
      return "The failed attempt submitted without re-running the tests after its change.";
    }
    if (applied.length === 0) {
      return "The failed attempt submitted without a change that applied; keep localising until a change makes the failing check pass.";
    }
    if (testOutcome(before[lastTest])?.passed) {
      return "The failed attempt made the reported check pass while other cases still failed; prefer the change that explains every failing case, not only the reported one.";
    }
  }
  if (failureResult.truncated) {
    return "The failed attempt ran out of turns inspecting; once the failure is localised, make one targeted change and re-test.";
  }
  return null;
}

/**
 * A mechanism-level skill from a success and a failure on one task. The mechanism comes from what the
 * successful attempt changed (its applied edits' operators), the lesson from how the failure differed.
 */
export function writeMechanismSkill(success: EpisodeResult, failure: EpisodeResult, task: RepairTask): string {
  const successSteps = readSteps(success);
  const applied = successSteps.filter((s) => editOf(s) !== null && !isFailedEdit(s)).map((s) => editOf(s)!);
  const ops = [...new Set(applied.map((e) => e.operator))].filter((op) => op in MECHANISMS);
  if (ops.length === 0) ops.push(...new Set(task.families.map((f) => FAMILY_OPERATOR[f])));
  const sentences = ops.slice(0, 2).map((op) => MECHANISMS[op]);
  const lesson = contrast(readSteps(failure), failure, new Set(applied.map((e) => e.line)), new Set(ops));
  if (lesson) sentences.push(lesson);
  sentences.push(VERIFY);
  return sentences.join(" ");
}

export interface SkillCheck {
  ok: boolean;
  problems: string[];
}

const KEYWORDS = new Set([
  "break", "case", "catch", "const", "continue", "default", "delete", "do", "else", "false", "for", "function",
  "if", "in", "instanceof", "let", "new", "null", "of", "return", "switch", "this", "throw", "true", "try",
  "typeof", "undefined", "var", "void", "while", "module", "exports",
]);

/** Identifiers of the task source, outside comments and string literals. */
export function sourceIdentifiers(source: string): Set<string> {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/\/\/.*$/gm, " ")
    .replace(/(["'`])(?:\\.|(?!\1)[^\\\n])*\1/g, " ");
  const out = new Set<string>();
  for (const m of code.matchAll(/[A-Za-z_$][\w$]*/g)) if (!KEYWORDS.has(m[0])) out.add(m[0]);
  return out;
}

/** camelCase, PascalCase, snake_case, digits or $: a word no sentence would use unless quoting code. */
const isCodeShaped = (id: string) => /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|_|\$|\d/.test(id);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Literal code: each pattern with what it says about the text. */
const CODE_PATTERNS: Array<[RegExp, string]> = [
  [/`/, "backticks (quoted code)"],
  [/===|!==|==|!=|<=|>=|&&|\|\||\+\+|\+=|-=|\*=|\/=|=>|\?\?|\?\./, "a code operator"],
  [/\w--|--\w/, "a decrement operator"],
  [/[\w)\]]\s*[<>=]\s*[\w(\[-]/, "a comparison or assignment between operands"],
  [/[\w)\]]\s+[+*\/%-]\s+[\w(\[]|\d\s*[+*\/%-]\s*\w|\w\s*[+*\/%]\s*\d/, "an arithmetic expression"],
  [/[A-Za-z_$][\w$]*\((?!e?s\))[^()\s][^()]*\)|[A-Za-z_$][\w$]*\(\)/, "a call with arguments"],
  [/\b[A-Za-z_$][\w$]+\.[A-Za-z_$][\w$]*/, "a property access"],
  [/[\w)]\[[^\]]*\]/, "an index expression"],
  [/[{}]/, "braces"],
  [/\b(?:function|const|let|var)\s+[A-Za-z_$][\w$]*\s*[=(]|\breturn\s+[^\s.,;]+;/, "a statement"],
];

/**
 * Refuses a skill that names the answer instead of the mechanism. Plain lowercase identifiers of the
 * task (say a parameter named "total") are English words too, so they are refused only in code-like
 * context, which the literal-code patterns catch; code-shaped identifiers are refused anywhere.
 */
export function checkSkill(text: string, task: RepairTask): SkillCheck {
  const problems: string[] = [];
  if (text.trim().length === 0) problems.push("the skill is empty");
  if (text.length > 800) problems.push(`the skill is ${text.length} characters long; a mechanism fits in a few sentences (800 at most)`);

  const base = task.path.split("/").pop() ?? task.path;
  if (text.includes(task.path) || (base.length > 0 && text.includes(base))) problems.push(`names the task's file (${base})`);
  const path = /(?:^|[\s("'])(?:\.{0,2}\/)?[\w-]+(?:\/[\w.-]+){2,}|[\w-]+\/[\w-]+\.[a-z]{1,4}\b|\b[\w-]+\.(?:m?js|cjs|ts|tsx|jsx|json|py)\b/.exec(text);
  if (path) problems.push(`contains a repository path (${path[0].trim()})`);

  for (const id of sourceIdentifiers(task.source)) {
    if (isCodeShaped(id) && new RegExp(`(?<![\\w$])${escape(id)}(?![\\w$])`).test(text)) {
      problems.push(`names the code symbol ${id} from the task source`);
    }
  }

  for (const [pattern, what] of CODE_PATTERNS) {
    const m = pattern.exec(text);
    if (m) problems.push(`contains literal code: ${what} (${m[0].trim()})`);
  }
  const line = /\blines?\s+\d+/i.exec(text);
  if (line) problems.push(`points at a location (${line[0]}): a near-answer hint, not a mechanism`);
  return { ok: problems.length === 0, problems };
}
