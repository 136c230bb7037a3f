// The add-guard operator needs the function around the line, not just the line: it inserts, after a
// function header, `if (<first parameter> == null) return <default>;`. The default must be derivable
// from the file alone (the agent only says "line, add-guard"), so it comes from the one-line signature
// comment every template carries directly above its function:
//
//   // countAbove(values, threshold) -> number: how many values exceed the threshold
//   function countAbove(values, threshold) {
//     if (values == null) return 0;          <- the guard add-guard writes
//
// Return type → default: number → 0, string → "", boolean → false, array (or T[]) → [], else null.
// The "missing-guard" bug family removes exactly this line, so add-guard is its exact inverse.

/** A function header on one line: a declaration, or a const/let/var bound to an arrow or function with a block body. */
const DECLARATION = /^(\s*)(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(([^()]*)\)\s*\{\s*$/;
const BOUND = /^(\s*)(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:function\s*[A-Za-z_$]?[\w$]*\s*)?\(([^()]*)\)\s*(?:=>\s*)?\{\s*$/;
const SIGNATURE_COMMENT = /^\s*\/\/.*->\s*([A-Za-z_$][\w$]*(?:\[\])?)/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface FunctionHeader {
  indent: string;
  name: string;
  /** The first parameter, when it is a plain identifier (no default value, no destructuring). */
  firstParam: string | null;
}

export function parseHeader(line: string): FunctionHeader | null {
  const m = DECLARATION.exec(line) ?? BOUND.exec(line);
  if (!m) return null;
  const first = m[3].split(",")[0].trim();
  return { indent: m[1], name: m[2], firstParam: IDENTIFIER.test(first) ? first : null };
}

/** The guard's return value, read from the signature comment above the header (null without one). */
export function guardDefault(commentLine: string | undefined): string {
  const m = commentLine === undefined ? null : SIGNATURE_COMMENT.exec(commentLine);
  const type = m ? m[1] : "";
  if (type === "number") return "0";
  if (type === "string") return '""';
  if (type === "boolean") return "false";
  if (type === "array" || type.endsWith("[]")) return "[]";
  return "null";
}

/**
 * The exact guard line add-guard would insert after `lines[index]` (0-based), or an error saying why
 * the line cannot take a guard.
 */
export function guardLineFor(lines: readonly string[], index: number): { ok: true; text: string } | { ok: false; error: string } {
  const header = parseHeader(lines[index]);
  if (!header) return { ok: false, error: "add-guard needs a function header line (function f(a, …) { or const f = (a, …) => {)" };
  if (!header.firstParam) return { ok: false, error: `add-guard needs a plain first parameter in ${header.name}(…)` };
  const text = `${header.indent}  if (${header.firstParam} == null) return ${guardDefault(lines[index - 1])};`;
  if (lines[index + 1] !== undefined && lines[index + 1].trim() === text.trim()) {
    return { ok: false, error: `${header.name} already guards ${header.firstParam}` };
  }
  return { ok: true, text };
}

/** True when `lines[index + 1]` is the guard add-guard would write for the header at `lines[index]`. */
export function hasGuardAfter(lines: readonly string[], index: number): boolean {
  const header = parseHeader(lines[index]);
  if (!header?.firstParam || lines[index + 1] === undefined) return false;
  const expected = `${header.indent}  if (${header.firstParam} == null) return ${guardDefault(lines[index - 1])};`;
  return lines[index + 1] === expected;
}
