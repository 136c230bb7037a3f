// Features of a DecisionContext for the softmax policy. Each head sees a fixed, named vector so a
// checkpoint can say which feature each weight belongs to, and a reader can see what the policy can
// and cannot condition on. Everything here is a pure function of the context: no hidden test leaks in.
import { EDIT_OPERATORS, type DecisionContext, type EditOperator } from "../types";

/**
 * Symptoms the episode reads from failing test messages. Anything else maps to "other", so a new
 * symptom still gets a weight without changing the feature layout of saved checkpoints.
 */
export const SYMPTOMS = [
  "off-by-one-value", "wrong-sign", "wrong-value", "wrong-boolean", "wrong-order", "threw", "timeout", "other",
] as const;
export type Symptom = (typeof SYMPTOMS)[number];

export function normaliseSymptom(symptom: string): Symptom {
  return (SYMPTOMS as readonly string[]).includes(symptom) ? (symptom as Symptom) : "other";
}

/** The tool families the context features distinguish; harness tools fall into one by name. */
export type ToolCategory = "view" | "test" | "search" | "edit" | "submit" | "other";

export function toolCategory(tool: string | null): ToolCategory | null {
  if (tool === null) return null;
  if (tool === "view" || tool === "view_diff") return "view";
  if (tool === "edit" || tool === "search" || tool === "submit") return tool;
  // run_tests, run_related_tests, …: anything that executes tests tells the agent the same kind of thing.
  if (tool.includes("test")) return "test";
  return "other";
}

// ---- tool head: one weight vector per tool over these context features ----

export const CONTEXT_FEATURES = [
  "bias", "turns-used", "viewed", "edited", "edits-3+", "tests-run-since-edit", "tests-passed",
  "tests-failed", "failing-tests", "suspicious-lines", "symptoms",
  "last:view", "last:test", "last:search", "last:edit", "last:other",
  // Where the repair stands, as one-hot states: a linear model cannot form "edited AND tests passed
  // since" from separate flags, and that conjunction is what decides whether submitting makes sense.
  "state:untested", "state:unedited-tested", "state:unverified-edit", "state:edit-failing", "state:edit-passing",
  "hint:verify", "hint:search", "hint:applicable", "hint:stall", "hint:submit", "hint:any",
] as const;

/** Hint keywords: hooks and skills speak in words, so the policy reads a few of them. */
const HINT_PATTERNS: Record<"verify" | "search" | "applicable" | "stall" | "submit", RegExp> = {
  verify: /verif|run (the )?(related )?tests|re-?run|before submit|confirm/,
  search: /search|locate|look for|find the/,
  applicable: /applicab|operator|malformed|refused|does not apply/,
  stall: /stall|no progress|stuck|different approach|recover/,
  submit: /ready to submit|all (visible )?tests pass|submit now/,
};

/**
 * Turns used, in units of this many turns (saturating at 1). A fixed scale, not the episode's limit: with
 * turn / maxTurns the same turn reads differently in training (12 turns) and evaluation (18), and the
 * learned urge to submit shifts with the limit.
 */
export const TURN_SCALE = 12;

export function contextFeatures(ctx: DecisionContext): number[] {
  const hintText = ctx.hints.join("\n").toLowerCase();
  const hint = (key: keyof typeof HINT_PATTERNS) => (HINT_PATTERNS[key].test(hintText) ? 1 : 0);
  const last = toolCategory(ctx.lastTool);
  const failing = ctx.failingTests ?? 0;
  const edited = ctx.editsMade > 0;
  const state =
    !edited ? (ctx.lastTestsPassed === null ? "untested" : "unedited-tested")
    : !ctx.testsRunSinceEdit ? "unverified-edit"
    : ctx.lastTestsPassed === true ? "edit-passing" : "edit-failing";
  return [
    1,
    Math.min(1, ctx.turn / TURN_SCALE),
    ctx.viewed ? 1 : 0,
    ctx.editsMade > 0 ? 1 : 0,
    ctx.editsMade >= 3 ? 1 : 0,
    ctx.testsRunSinceEdit ? 1 : 0,
    ctx.lastTestsPassed === true ? 1 : 0,
    ctx.lastTestsPassed === false ? 1 : 0,
    // Saturating: 1 failing test and 10 failing tests call for the same kind of next step.
    Math.min(failing, 4) / 4,
    ctx.suspiciousLines.length > 0 ? 1 : 0,
    ctx.symptoms.length > 0 ? 1 : 0,
    last === "view" ? 1 : 0,
    last === "test" ? 1 : 0,
    last === "search" ? 1 : 0,
    last === "edit" ? 1 : 0,
    last === "other" || last === "submit" ? 1 : 0,
    state === "untested" ? 1 : 0,
    state === "unedited-tested" ? 1 : 0,
    state === "unverified-edit" ? 1 : 0,
    state === "edit-failing" ? 1 : 0,
    state === "edit-passing" ? 1 : 0,
    hint("verify"),
    hint("search"),
    hint("applicable"),
    hint("stall"),
    hint("submit"),
    ctx.hints.length > 0 ? 1 : 0,
  ];
}

// ---- line head: one shared weight vector; each candidate line has these features ----

const symptomOperatorNames = (prefix: string) =>
  SYMPTOMS.flatMap((s) => EDIT_OPERATORS.map((op) => `${prefix}${s}×${op}`));

/**
 * Words by which a hint or skill text describes a repair mechanism (teacher/skills.ts writes them).
 * The policy cannot read prose, but it can notice which kind of change a text is about.
 */
export const MECHANISM_WORDS: Record<EditOperator, RegExp> = {
  "toggle-inclusive": /endpoint|inclusive|exclusive|boundary/,
  "increment-constant": /too small|starting value|fixed offset/,
  "decrement-constant": /too large|starting value|fixed offset/,
  "flip-comparison": /direction of the comparison|wrong branch/,
  "swap-operator": /arithmetic operation|wrong sign/,
  "swap-arguments": /traded places|order in which/,
  "add-guard": /exception|missing input|early exit|empty/,
  "negate-condition": /negated|inverted/,
};

/** The operators the hints' words point at. */
export function suggestedOperators(hints: readonly string[]): Set<EditOperator> {
  const text = hints.join("\n").toLowerCase();
  return new Set(EDIT_OPERATORS.filter((op) => MECHANISM_WORDS[op].test(text)));
}

export const LINE_FEATURES = [
  "suspicious", "first-suspicious", "near-suspicious", "no-operator", "operator-count", "offers-suggested",
  // Where the line sits (a signature comment at the top, a closing brace at the bottom rarely hold a bug)
  // and which kinds of statement it holds, whatever the symptom.
  "position:top", "position:middle", "position:bottom",
  ...EDIT_OPERATORS.map((op) => `offers:${op}`),
  // "this line offers operator o and the failure shows symptom s": lets the policy learn which
  // kind of statement a symptom points at without seeing the code.
  ...symptomOperatorNames("offers:"),
] as const;

/** One-hot thirds of the file. */
function positionBuckets(line: number, lineCount: number): [number, number, number] {
  const at = lineCount > 1 ? (line - 1) / (lineCount - 1) : 0.5;
  return at < 1 / 3 ? [1, 0, 0] : at <= 2 / 3 ? [0, 1, 0] : [0, 0, 1];
}

function symptomSet(ctx: DecisionContext): Set<Symptom> {
  return new Set(ctx.symptoms.map(normaliseSymptom));
}

export function lineFeatures(
  ctx: DecisionContext,
  line: number,
  symptoms = symptomSet(ctx),
  suggested = suggestedOperators(ctx.hints),
): number[] {
  const ops = ctx.applicableOperators[line] ?? [];
  const suspicious = ctx.suspiciousLines.includes(line);
  const near = !suspicious && ctx.suspiciousLines.some((s) => Math.abs(s - line) <= 2);
  const pairs: number[] = [];
  for (const s of SYMPTOMS) {
    const present = symptoms.has(s);
    for (const op of EDIT_OPERATORS) pairs.push(present && ops.includes(op) ? 1 : 0);
  }
  return [
    suspicious ? 1 : 0,
    ctx.suspiciousLines[0] === line ? 1 : 0,
    near ? 1 : 0,
    ops.length === 0 ? 1 : 0,
    Math.min(ops.length, 4) / 4,
    ops.some((op) => suggested.has(op)) ? 1 : 0,
    ...positionBuckets(line, ctx.lineCount),
    ...EDIT_OPERATORS.map((op) => (ops.includes(op) ? 1 : 0)),
    ...pairs,
  ];
}

// ---- operator head: one shared weight vector; each operator on the chosen line has these ----

export const OPERATOR_FEATURES = [
  "applicable", "suggested-by-hint",
  ...EDIT_OPERATORS.map((op) => `op:${op}`),
  ...symptomOperatorNames("symptom:"),
] as const;

export function operatorFeatures(
  ctx: DecisionContext,
  line: number,
  operator: EditOperator,
  symptoms = symptomSet(ctx),
  suggested = suggestedOperators(ctx.hints),
): number[] {
  const applicable = (ctx.applicableOperators[line] ?? []).includes(operator);
  const oneHot = EDIT_OPERATORS.map((op) => (op === operator ? 1 : 0));
  const pairs: number[] = [];
  for (const s of SYMPTOMS) {
    const present = symptoms.has(s);
    for (const op of EDIT_OPERATORS) pairs.push(present && op === operator ? 1 : 0);
  }
  return [applicable ? 1 : 0, suggested.has(operator) ? 1 : 0, ...oneHot, ...pairs];
}

// ---- search head: patterns from a small table, offered according to the symptoms ----

/** JavaScript fragments worth searching for, and the symptoms that make each one relevant. */
export const SEARCH_PATTERNS: ReadonlyArray<{ pattern: string; symptoms: readonly Symptom[] }> = [
  { pattern: "<=", symptoms: ["off-by-one-value"] },
  { pattern: "<", symptoms: ["off-by-one-value", "wrong-boolean"] },
  { pattern: ">", symptoms: ["off-by-one-value", "wrong-boolean"] },
  { pattern: "length", symptoms: ["off-by-one-value", "threw"] },
  { pattern: "+ 1", symptoms: ["off-by-one-value"] },
  { pattern: "- ", symptoms: ["wrong-sign", "wrong-value"] },
  { pattern: "+ ", symptoms: ["wrong-sign", "wrong-value"] },
  { pattern: "!", symptoms: ["wrong-boolean"] },
  { pattern: "===", symptoms: ["wrong-boolean"] },
  { pattern: "(", symptoms: ["wrong-order"] },
  { pattern: "null", symptoms: ["threw"] },
  { pattern: "return", symptoms: [] },
  { pattern: "if (", symptoms: [] },
];

export const PATTERN_FEATURES = [
  "relevant-to-symptom", "generic", ...SEARCH_PATTERNS.map((p) => `pattern:${p.pattern}`),
] as const;

/** The patterns offered in this context: those a present symptom makes relevant, plus the generic ones. */
export function candidatePatterns(ctx: DecisionContext): number[] {
  const symptoms = symptomSet(ctx);
  const out: number[] = [];
  SEARCH_PATTERNS.forEach((p, i) => {
    if (p.symptoms.length === 0 || p.symptoms.some((s) => symptoms.has(s))) out.push(i);
  });
  return out;
}

export function patternFeatures(ctx: DecisionContext, patternIndex: number, symptoms = symptomSet(ctx)): number[] {
  const p = SEARCH_PATTERNS[patternIndex];
  const relevant = p.symptoms.some((s) => symptoms.has(s));
  return [relevant ? 1 : 0, p.symptoms.length === 0 ? 1 : 0, ...SEARCH_PATTERNS.map((_, i) => (i === patternIndex ? 1 : 0))];
}

export { symptomSet };
