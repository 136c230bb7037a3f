// The paper's rule for mechanism-level skills, as a check the skills page shows next to each text: a
// mechanism skill "must contain no repository paths, code symbols or literal code" (DOMAIN.md). The rules,
// each with what it flags and the look-alikes it lets pass, are in ./mechanism-rules.ts:
//
//   repository paths  URLs (https://…/src/app.py), Windows paths (C:\x, \\server\share, src\parser.py),
//                     absolute paths (/usr/lib), ./x ../x ~/x, slash paths with a file, a source root, "_",
//                     a hidden directory or a trailing "/" (src/foo.py, src/utils, tests/), file names with
//                     a known extension (setup.py) — but not and/or, test/train, 24/7, e.g., a.m., Node.js
//   code symbols      calls foo_bar() obj.method(a), dunders __init__, attribute access obj.method
//                     ClassName.attr, snake_case, camelCase (getValue), exception classes (ValueError) —
//                     but not file(s), e.g., Ph.D., v1.2.3, iPhone, macOS, JavaScript, github.com
//   literal code      fenced blocks, `inline code`, a stray backtick, operators == != <= >= -> => && || :: :=
//                     += …, assignments x = 1, i++, --flags, def/class/function/const/let definitions,
//                     return None / return x;, import statements, except X:, lines ending in ";" with
//                     brackets or "=", subscripts arr[0], braces with code { "a": 1 }, ["a", "b"], $ commands
//                     — but not ≥ ≤ →, "return early", "import the data", "C++", "wait -- then", [1, 2]
//
// Pure and deterministic: the same text always gives the same findings, server and client alike.
import { MECHANISM_RULES, type MechanismRule, type MechanismRuleKind } from "./mechanism-rules";

export type { MechanismRuleKind } from "./mechanism-rules";

export interface MechanismFinding {
  rule: string;
  kind: MechanismRuleKind;
  /** Completes "contains …", e.g. "a file name". */
  reason: string;
  /** The offending text, exactly as it appears. */
  snippet: string;
  /** Offsets into the checked text: text.slice(start, end) === snippet. */
  start: number;
  end: number;
}

export interface MechanismCheck {
  passes: boolean;
  /** In text order; a finding inside a larger one (a name inside a fenced block) is not repeated. */
  findings: MechanismFinding[];
  /** How much of the text was checked (all of it unless it is longer than MAX_CHECKED_CHARS). */
  checkedChars: number;
}

/** Longer texts are checked up to here: a mechanism fits in a few sentences, and the page says so. */
export const MAX_CHECKED_CHARS = 50_000;

export const KIND_LABELS: Record<MechanismRuleKind, string> = {
  path: "repository path",
  symbol: "code symbol",
  code: "literal code",
};

function matchesOf(rule: MechanismRule, text: string): MechanismFinding[] {
  const out: MechanismFinding[] = [];
  // A fresh RegExp per call: a shared /g pattern would carry lastIndex from one text to the next.
  const pattern = new RegExp(rule.pattern.source, rule.pattern.flags);
  for (const m of text.matchAll(pattern)) {
    const snippet = m[0];
    if (snippet.length === 0 || (rule.keep && !rule.keep(snippet))) continue;
    out.push({ rule: rule.id, kind: rule.kind, reason: rule.reason, snippet, start: m.index, end: m.index + snippet.length });
  }
  return out;
}

/** Findings in text order; a match lying inside one already kept is dropped (the larger one explains it). */
function withoutNested(findings: MechanismFinding[]): MechanismFinding[] {
  const order = new Map(MECHANISM_RULES.map((r, i) => [r.id, i]));
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end || order.get(a.rule)! - order.get(b.rule)!);
  const kept: MechanismFinding[] = [];
  let reach = -1;
  for (const f of sorted) {
    if (f.end <= reach) continue;
    kept.push(f);
    reach = Math.max(reach, f.end);
  }
  return kept;
}

/** Applies every rule of the paper's triad (paths, code symbols, literal code) to a skill text. */
export function checkMechanismSkill(text: string): MechanismCheck {
  const checked = text.length > MAX_CHECKED_CHARS ? text.slice(0, MAX_CHECKED_CHARS) : text;
  const findings = withoutNested(MECHANISM_RULES.flatMap((rule) => matchesOf(rule, checked)));
  return { passes: findings.length === 0, findings, checkedChars: checked.length };
}

export interface TextSegment {
  text: string;
  /** The findings covering this stretch; empty for plain text. */
  findings: MechanismFinding[];
}

/**
 * The text cut into plain and flagged stretches, for highlighting with <mark> as React text. Overlapping
 * findings merge into one flagged stretch that lists all of them; the segments join back to the text.
 */
export function segmentText(text: string, findings: readonly MechanismFinding[]): TextSegment[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start);
  const segments: TextSegment[] = [];
  let pos = 0;
  let i = 0;
  while (i < sorted.length) {
    const start = Math.max(sorted[i].start, pos);
    let end = sorted[i].end;
    const group = [sorted[i]];
    for (i++; i < sorted.length && sorted[i].start < end; i++) {
      group.push(sorted[i]);
      end = Math.max(end, sorted[i].end);
    }
    if (end <= start) continue;
    if (start > pos) segments.push({ text: text.slice(pos, start), findings: [] });
    segments.push({ text: text.slice(start, end), findings: group });
    pos = end;
  }
  if (pos < text.length) segments.push({ text: text.slice(pos), findings: [] });
  return segments;
}

/** The kind and the reason of a finding: "repository path: a file name" (the snippet is shown beside it). */
export function describeFinding(f: MechanismFinding): string {
  return `${KIND_LABELS[f.kind]}: ${f.reason}`;
}
