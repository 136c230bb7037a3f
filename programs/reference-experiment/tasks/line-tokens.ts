// A one-line JavaScript tokenizer for the edit operators. Edits are line-based (the agent says "line 7,
// flip-comparison"), so operators need to find operator and literal sites on one line while skipping
// string contents and comments. It is deliberately small: the task sources are our own templates,
// written one statement per line and without regular-expression literals, so `/` is always division.

export type TokenKind = "ident" | "number" | "string" | "punct";

export interface Token {
  kind: TokenKind;
  text: string;
  /** Offset of the first character in the line. */
  start: number;
  /** Offset one past the last character. */
  end: number;
}

// Longest first, so "<=" wins over "<" and "=>" is never read as a comparison.
const PUNCTUATORS = [
  ">>>=", "...", "===", "!==", ">>>", "<<=", ">>=", "**=", "&&=", "||=", "??=",
  "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=",
  "&=", "|=", "^=", "<<", ">>", "**",
];

/** Words after which a `+`/`-` starts an operand (unary), not a binary operation. */
const OPERAND_STARTING_KEYWORDS = new Set([
  "return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "else", "do", "instanceof", "yield", "await",
]);

export const KEYWORDS = new Set([
  ...OPERAND_STARTING_KEYWORDS, "if", "for", "while", "switch", "catch", "function", "const", "let", "var",
  "break", "continue", "true", "false", "null", "undefined", "this",
]);

const isIdentStart = (c: string) => /[A-Za-z_$]/.test(c);
const isIdentPart = (c: string) => /[\w$]/.test(c);
const isDigit = (c: string) => c >= "0" && c <= "9";

/** Tokens of one line; a `//` comment ends the line, an unterminated string runs to the end. */
export function tokenizeLine(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === " " || c === "\t") { i++; continue; }
    if (c === "/" && line[i + 1] === "/") break;
    if (c === "/" && line[i + 1] === "*") {
      const close = line.indexOf("*/", i + 2);
      i = close < 0 ? line.length : close + 2;
      continue;
    }
    const start = i;
    if (c === '"' || c === "'" || c === "`") {
      i++;
      while (i < line.length && line[i] !== c) i += line[i] === "\\" ? 2 : 1;
      i = Math.min(i + 1, line.length);
      tokens.push({ kind: "string", text: line.slice(start, i), start, end: i });
      continue;
    }
    if (isDigit(c) || (c === "." && isDigit(line[i + 1] ?? ""))) {
      while (i < line.length && (isIdentPart(line[i]) || line[i] === ".")) i++;
      tokens.push({ kind: "number", text: line.slice(start, i), start, end: i });
      continue;
    }
    if (isIdentStart(c)) {
      while (i < line.length && isIdentPart(line[i])) i++;
      tokens.push({ kind: "ident", text: line.slice(start, i), start, end: i });
      continue;
    }
    const punct = PUNCTUATORS.find((p) => line.startsWith(p, i)) ?? c;
    i += punct.length;
    tokens.push({ kind: "punct", text: punct, start, end: i });
  }
  return tokens;
}

/** True when the token before position `index` ends an operand, so a `+`/`-` at `index` is binary. */
export function endsOperand(tokens: Token[], index: number): boolean {
  const prev = tokens[index - 1];
  if (!prev) return false;
  if (prev.kind === "number" || prev.kind === "string") return true;
  if (prev.kind === "ident") return !OPERAND_STARTING_KEYWORDS.has(prev.text);
  return prev.text === ")" || prev.text === "]" || prev.text === "++" || prev.text === "--";
}

/** Index of the token that closes the bracket opened at `open` ("(", "[" or "{"), or -1. */
export function matchingClose(tokens: Token[], open: number): number {
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  const stack: string[] = [];
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "punct") continue;
    if (pairs[t.text]) stack.push(pairs[t.text]);
    else if (t.text === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** Replace the characters [start, end) of a line. */
export function splice(line: string, start: number, end: number, text: string): string {
  return line.slice(0, start) + text + line.slice(end);
}
