// Two properties of free-form JSON the contract checks before storing it: bounded nesting (the canonical
// key sort and the content hash walk it recursively, and 5,000 nested arrays overflow the stack — a 500)
// and well-formed text (a JSON escape like "\ud800" without its pair decodes to half a character, which
// SQLite would store as U+FFFD: a silent change of what the producer sent).

/** Deeper than any real config, action or raw turn; far below what the recursive walks can take. */
export const MAX_JSON_DEPTH = 64;

export const NOT_WELL_FORMED = "must be valid Unicode text (it holds a lone UTF-16 surrogate such as \\ud800)";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const native = (String.prototype as unknown as { isWellFormed?: () => boolean }).isWellFormed;

/** True unless the string holds half a surrogate pair. */
export function isWellFormedText(text: string): boolean {
  return native ? native.call(text) : !LONE_SURROGATE.test(text);
}

export interface JsonShapeProblem {
  path: Array<string | number>;
  message: string;
}

/** The first place where `value` nests too deep or holds a lone surrogate (in a string or a key); iterative. */
export function jsonShapeProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonShapeProblem | null {
  const stack: Array<{ value: unknown; depth: number; path: Array<string | number> }> = [{ value, depth: 0, path: [] }];
  while (stack.length) {
    const { value: at, depth, path } = stack.pop()!;
    if (typeof at === "string") {
      if (!isWellFormedText(at)) return { path, message: NOT_WELL_FORMED };
      continue;
    }
    if (at === null || typeof at !== "object") continue;
    if (depth >= maxDepth) return { path, message: `nests deeper than ${maxDepth} levels` };
    if (Array.isArray(at)) {
      for (let i = at.length - 1; i >= 0; i--) stack.push({ value: at[i], depth: depth + 1, path: [...path, i] });
      continue;
    }
    for (const key of Object.keys(at)) {
      if (!isWellFormedText(key)) return { path: [...path, key], message: `key ${NOT_WELL_FORMED}` };
      stack.push({ value: (at as Record<string, unknown>)[key], depth: depth + 1, path: [...path, key] });
    }
  }
  return null;
}
