// The edit primitives of EDIT_OPERATORS. The agent edits a task file only through these (line, operator)
// commands, and bugs are injected with their inverses, so every task is solvable by the right operators
// at the right lines. Each operator acts on ONE site of the line: the first one, reading left to right
// (for swap-arguments: the call whose "(" comes first among calls with two or more arguments). Because
// an edit keeps its site the first of its kind, every operator is undone by its inverse at the same line:
// flip-comparison, toggle-inclusive, swap-operator, swap-arguments and negate-condition are their own
// inverses, increment-constant and decrement-constant undo each other, add-guard is undone by removeGuard.
import { EDIT_OPERATORS, type EditOperator } from "../types";
import { guardLineFor, hasGuardAfter } from "./guard";
import { endsOperand, KEYWORDS, matchingClose, splice, tokenizeLine, type Token } from "./line-tokens";

export type EditResult = { ok: true; source: string } | { ok: false; error: string };

/** One sentence per operator, for tool descriptions and observations. */
export const OPERATOR_DESCRIPTIONS: Record<EditOperator, string> = {
  "flip-comparison": "first comparison on the line: < ↔ >, <= ↔ >=",
  "toggle-inclusive": "first comparison on the line: < ↔ <=, > ↔ >=",
  "swap-operator": "first binary arithmetic operator on the line: + ↔ -, * ↔ / (also +=, -=, *=, /=)",
  "increment-constant": "first integer literal on the line, plus one",
  "decrement-constant": "first integer literal on the line, minus one",
  "swap-arguments": "swap the first two arguments of the first call on the line that has at least two",
  "add-guard": "on a function header line: insert `if (<first parameter> == null) return <default>;`",
  "negate-condition": "condition of the first if/while on the line: c → !(c), !(c) → c",
};

const COMPARISON_FLIP: Record<string, string> = { "<": ">", ">": "<", "<=": ">=", ">=": "<=" };
const COMPARISON_TOGGLE: Record<string, string> = { "<": "<=", "<=": "<", ">": ">=", ">=": ">" };
const ARITHMETIC_SWAP: Record<string, string> = { "+": "-", "-": "+", "*": "/", "/": "*", "+=": "-=", "-=": "+=", "*=": "/=", "/=": "*=" };

export interface LiteralSite {
  start: number;
  end: number;
  value: number;
  /** Index of the digits' token in the line's tokens. */
  tokenIndex: number;
}

export interface CallSite {
  /** Token indexes of the "(" and ")" of the call, and the character slots of its first two arguments. */
  open: number;
  close: number;
  first: [number, number];
  second: [number, number];
}

export interface ConditionSite {
  keyword: "if" | "while";
  /** Character range of the condition between the parentheses. */
  start: number;
  end: number;
  /** When the condition is exactly !(inner): the character range of inner. */
  negatedInner: [number, number] | null;
}

/** Every site the operators can act on in one line of code (the first of each kind). */
export interface LineSites {
  tokens: Token[];
  comparison: Token | null;
  arithmetic: Token | null;
  literal: LiteralSite | null;
  call: CallSite | null;
  condition: ConditionSite | null;
  /** The line opens a for/while loop (used to tell loop-bound bugs from other ones). */
  loopHeader: boolean;
}

function firstComparison(tokens: Token[]): Token | null {
  return tokens.find((t) => t.kind === "punct" && t.text in COMPARISON_FLIP) ?? null;
}

function firstArithmetic(tokens: Token[]): Token | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "punct" || !(t.text in ARITHMETIC_SWAP)) continue;
    // A + or - that starts an operand is unary (`return -1`, `(-x)`), not an operator to swap.
    if ((t.text === "+" || t.text === "-") && !endsOperand(tokens, i)) continue;
    return t;
  }
  return null;
}

function firstIntegerLiteral(tokens: Token[]): LiteralSite | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "number" || !/^\d+$/.test(t.text)) continue;
    // A unary minus written against the digits belongs to the literal, so 0 − 1 is written "-1"
    // and incrementing "-1" gives "0" again (the operators stay each other's inverse).
    const prev = tokens[i - 1];
    const signed = prev !== undefined && prev.text === "-" && prev.end === t.start && !endsOperand(tokens, i - 1);
    const value = Number(t.text) * (signed ? -1 : 1);
    return { start: signed ? prev.start : t.start, end: t.end, value, tokenIndex: i };
  }
  return null;
}

function firstCall(tokens: Token[]): CallSite | null {
  for (let i = 1; i < tokens.length; i++) {
    const callee = tokens[i - 1];
    if (tokens[i].text !== "(" || callee.kind !== "ident" || KEYWORDS.has(callee.text)) continue;
    if (tokens[i - 2]?.text === "function") continue; // a declaration, not a call
    const close = matchingClose(tokens, i);
    if (close < 0) continue;
    const commas: number[] = [];
    let depth = 0;
    for (let k = i + 1; k < close; k++) {
      const text = tokens[k].kind === "punct" ? tokens[k].text : "";
      if (text === "(" || text === "[" || text === "{") depth++;
      else if (text === ")" || text === "]" || text === "}") depth--;
      else if (text === "," && depth === 0) commas.push(k);
    }
    if (commas.length === 0) continue;
    const secondEnd = commas.length > 1 ? tokens[commas[1]].start : tokens[close].start;
    const first: [number, number] = [tokens[i].end, tokens[commas[0]].start];
    const second: [number, number] = [tokens[commas[0]].end, secondEnd];
    const secondBoundary = commas.length > 1 ? commas[1] : close;
    if (commas[0] === i + 1 || secondBoundary === commas[0] + 1) continue; // f(, x) or f(x,): nothing to swap
    return { open: i, close, first, second };
  }
  return null;
}

function firstCondition(tokens: Token[]): ConditionSite | null {
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "ident" || (t.text !== "if" && t.text !== "while") || tokens[i + 1].text !== "(") continue;
    const close = matchingClose(tokens, i + 1);
    if (close < 0) return null;
    const wrapped = tokens[i + 2]?.text === "!" && tokens[i + 3]?.text === "(" && matchingClose(tokens, i + 3) === close - 1;
    return {
      keyword: t.text,
      start: tokens[i + 1].end,
      end: tokens[close].start,
      negatedInner: wrapped ? [tokens[i + 3].end, tokens[close - 1].start] : null,
    };
  }
  return null;
}

export function lineSites(text: string): LineSites {
  const tokens = tokenizeLine(text);
  const first = tokens[0]?.text === "}" ? tokens[1] : tokens[0];
  return {
    tokens,
    comparison: firstComparison(tokens),
    arithmetic: firstArithmetic(tokens),
    literal: firstIntegerLiteral(tokens),
    call: firstCall(tokens),
    condition: firstCondition(tokens),
    loopHeader: first !== undefined && (first.text === "for" || first.text === "while"),
  };
}

/** The lines of a source and whether it ended with a newline (kept on the way back). */
function splitSource(source: string): { lines: string[]; trailingNewline: boolean } {
  const lines = source.split("\n");
  const trailingNewline = lines.length > 1 && lines[lines.length - 1] === "";
  if (trailingNewline) lines.pop();
  return { lines, trailingNewline };
}

const joinSource = (lines: string[], trailingNewline: boolean) => lines.join("\n") + (trailingNewline ? "\n" : "");

const refuse = (operator: string, line: number, why: string): EditResult => ({
  ok: false, error: `${operator} does not apply to line ${line}: ${why}`,
});

/** The edited text of one line, or why the operator does not apply to it (add-guard is handled apart). */
function editLine(text: string, operator: Exclude<EditOperator, "add-guard">): string | { error: string } {
  const sites = lineSites(text);
  switch (operator) {
    case "flip-comparison":
    case "toggle-inclusive": {
      const t = sites.comparison;
      if (!t) return { error: "no <, >, <= or >= on it" };
      const table = operator === "flip-comparison" ? COMPARISON_FLIP : COMPARISON_TOGGLE;
      return splice(text, t.start, t.end, table[t.text]);
    }
    case "swap-operator": {
      const t = sites.arithmetic;
      if (!t) return { error: "no binary +, -, * or / on it" };
      return splice(text, t.start, t.end, ARITHMETIC_SWAP[t.text]);
    }
    case "increment-constant":
    case "decrement-constant": {
      const lit = sites.literal;
      if (!lit) return { error: "no integer literal on it" };
      const value = lit.value + (operator === "increment-constant" ? 1 : -1);
      return splice(text, lit.start, lit.end, String(value));
    }
    case "swap-arguments": {
      const call = sites.call;
      if (!call) return { error: "no call with two or more arguments on it" };
      const [a0, a1] = call.first;
      const [b0, b1] = call.second;
      const [first, second] = swapSlots(text.slice(a0, a1), text.slice(b0, b1));
      return text.slice(0, a0) + first + text.slice(a1, b0) + second + text.slice(b1);
    }
    case "negate-condition": {
      const cond = sites.condition;
      if (!cond) return { error: "no if (…) or while (…) on it" };
      if (cond.negatedInner) return splice(text, cond.start, cond.end, text.slice(cond.negatedInner[0], cond.negatedInner[1]));
      return splice(text, cond.start, cond.end, `!(${text.slice(cond.start, cond.end)})`);
    }
  }
}

/** Exchange the argument texts of two slots, each keeping its own surrounding whitespace. */
function swapSlots(a: string, b: string): [string, string] {
  const parts = (s: string) => {
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(s)!;
    return { lead: m[1], core: m[2], trail: m[3] };
  };
  const pa = parts(a);
  const pb = parts(b);
  return [pa.lead + pb.core + pa.trail, pb.lead + pa.core + pb.trail];
}

/**
 * Apply one operator at a 1-based line. Fails with a message the episode shows as a failed edit
 * command when the line does not exist or holds no site for the operator.
 */
export function applyEdit(source: string, line: number, operator: EditOperator): EditResult {
  if (!(EDIT_OPERATORS as readonly string[]).includes(operator)) {
    return { ok: false, error: `unknown edit operator "${String(operator)}"; use one of ${EDIT_OPERATORS.join(", ")}` };
  }
  const { lines, trailingNewline } = splitSource(source);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) {
    return { ok: false, error: `line ${line} is outside the file (1–${lines.length})` };
  }
  const index = line - 1;
  if (operator === "add-guard") {
    const guard = guardLineFor(lines, index);
    if (!guard.ok) return refuse(operator, line, guard.error.replace(/^add-guard /, ""));
    return { ok: true, source: joinSource([...lines.slice(0, index + 1), guard.text, ...lines.slice(index + 1)], trailingNewline) };
  }
  const edited = editLine(lines[index], operator);
  if (typeof edited !== "string") return refuse(operator, line, edited.error);
  const out = [...lines];
  out[index] = edited;
  return { ok: true, source: joinSource(out, trailingNewline) };
}

/** The operators that would succeed at a 1-based line, in EDIT_OPERATORS order ([] outside the file). */
export function applicableOperators(source: string, line: number): EditOperator[] {
  const { lines } = splitSource(source);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) return [];
  const sites = lineSites(lines[line - 1]);
  const applies: Record<EditOperator, boolean> = {
    "flip-comparison": sites.comparison !== null,
    "toggle-inclusive": sites.comparison !== null,
    "swap-operator": sites.arithmetic !== null,
    "increment-constant": sites.literal !== null,
    "decrement-constant": sites.literal !== null,
    "swap-arguments": sites.call !== null,
    "add-guard": guardLineFor(lines, line - 1).ok,
    "negate-condition": sites.condition !== null,
  };
  return EDIT_OPERATORS.filter((op) => applies[op]);
}

/** For bug injection: the edit that undoes `operator` at the same line ("remove-guard" undoes add-guard). */
export type InjectionOperator = Exclude<EditOperator, "add-guard"> | "remove-guard";

export function inverseOf(operator: EditOperator): InjectionOperator {
  if (operator === "increment-constant") return "decrement-constant";
  if (operator === "decrement-constant") return "increment-constant";
  if (operator === "add-guard") return "remove-guard";
  return operator;
}

/** The EditOperator that undoes an injection at the same line. */
export function fixFor(injection: InjectionOperator): EditOperator {
  if (injection === "remove-guard") return "add-guard";
  return inverseOf(injection) as EditOperator;
}

/**
 * Remove the guard that add-guard would have written after the header at a 1-based line. Not an agent
 * operator: it exists so the generator can inject "missing-guard" bugs.
 */
export function removeGuard(source: string, line: number): EditResult {
  const { lines, trailingNewline } = splitSource(source);
  if (!Number.isInteger(line) || line < 1 || line > lines.length) return { ok: false, error: `line ${line} is outside the file` };
  if (!hasGuardAfter(lines, line - 1)) return refuse("remove-guard", line, "no add-guard guard follows it");
  return { ok: true, source: joinSource([...lines.slice(0, line), ...lines.slice(line + 1)], trailingNewline) };
}

/** Apply an injection (an agent operator or remove-guard) at a 1-based line. */
export function applyInjection(source: string, line: number, injection: InjectionOperator): EditResult {
  return injection === "remove-guard" ? removeGuard(source, line) : applyEdit(source, line, injection);
}
