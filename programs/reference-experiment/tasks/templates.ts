// The catalogue of correct functions that tasks are made from. Conventions every template follows,
// because the edit operators and the test runner rely on them:
//
// - One function per file, exported CommonJS-style as the last line: `module.exports = { name };`
//   (the runner wraps the file as a CommonJS module; tests call it as `mod.name(...)`).
// - Line 1 is a signature comment `// name(params) -> type: what it does`; add-guard reads the type to
//   choose the guard's return value (see guard.ts).
// - One statement per line, spaces around binary operators, no regular-expression literals, so that
//   line-based operators find the sites a reader would expect.
// - Pure and deterministic on plain-data arguments (numbers, strings, arrays, plain objects, null).
//
// Expected values are never written here: the generator computes them by running this very source on
// the drawn arguments, so they are right by construction.
//
// Two dialects. "plain": function declarations, index loops, if statements (the training distribution).
// "alt": arrow functions bound to const, for…of, array methods, ternaries, more string processing — the
// stand-in for "another language" in the mini-multilingual suite.
import type { Dialect, FunctionTemplate } from "./template-type";
import { ALT_TEMPLATES } from "./catalogue/alt-dialect";
import { COLLECTION_TEMPLATES } from "./catalogue/collections";
import { NUMBER_TEMPLATES } from "./catalogue/numbers";

export type { Dialect, FunctionTemplate } from "./template-type";

export const TEMPLATES: readonly FunctionTemplate[] = [...NUMBER_TEMPLATES, ...COLLECTION_TEMPLATES, ...ALT_TEMPLATES];

export function templatesFor(dialect: Dialect): FunctionTemplate[] {
  return TEMPLATES.filter((t) => t.dialect === dialect);
}

export function templateBySlug(slug: string): FunctionTemplate | undefined {
  return TEMPLATES.find((t) => t.slug === slug);
}
