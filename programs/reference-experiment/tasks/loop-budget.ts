// A deterministic, cheap stop for runaway loops. A wall-clock limit (the vm timeout) is the hard stop,
// but a hung test then costs the whole limit, and whether a slow-but-finite test passes depends on the
// machine's load — so the same seed could give different rewards. Before compiling a task file, every
// `while (c)` and every three-part `for (init; c; step)` gets a counter in its condition:
//
//   while (lo <= hi) {          →   while (__loopStep() && (lo <= hi)) {
//   for (let i = 0; i < n; i++) →   for (let i = 0; __loopStep() && (i < n); i++)
//
// __loopStep (defined by the sandbox) throws after a fixed number of iterations per test, so an edit
// that makes a loop infinite fails the test after the same count on every machine, in about a
// millisecond. Only the compiled text changes, within lines, so error line numbers stay the file's.
// for…of/for…in over the task's finite arrays and strings cannot run away and are left alone; a loop
// this does not recognise is still caught by the vm timeout.
import { matchingClose, tokenizeLine, type Token } from "./line-tokens";

export const LOOP_STEP = "__loopStep";

interface Insertion { at: number; text: string }

function loopInsertions(tokens: Token[]): Insertion[] {
  const out: Insertion[] = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== "ident" || (t.text !== "while" && t.text !== "for") || tokens[i + 1].text !== "(") continue;
    if (tokens[i - 1]?.text === ".") continue; // a property named while/for
    const open = i + 1;
    const close = matchingClose(tokens, open);
    if (close < 0) continue;
    if (t.text === "while") {
      out.push({ at: tokens[open].end, text: `${LOOP_STEP}() && (` }, { at: tokens[close].start, text: ")" });
      continue;
    }
    const semicolons: number[] = [];
    let depth = 0;
    for (let k = open + 1; k < close; k++) {
      const text = tokens[k].kind === "punct" ? tokens[k].text : "";
      if (text === "(" || text === "[" || text === "{") depth++;
      else if (text === ")" || text === "]" || text === "}") depth--;
      else if (text === ";" && depth === 0) semicolons.push(k);
    }
    if (semicolons.length !== 2) continue; // for…of / for…in
    const [first, second] = semicolons;
    if (second === first + 1) out.push({ at: tokens[first].end, text: ` ${LOOP_STEP}()` });
    else out.push({ at: tokens[first].end, text: ` ${LOOP_STEP}() && (` }, { at: tokens[second].start, text: ")" });
  }
  return out;
}

/** The source with a step counter in every loop condition; same lines, same behaviour within the budget. */
export function instrumentLoops(source: string): string {
  if (!/\b(?:while|for)\b/.test(source)) return source;
  return source
    .split("\n")
    .map((line) => {
      const insertions = loopInsertions(tokenizeLine(line));
      let out = line;
      for (const ins of insertions.sort((a, b) => b.at - a.at)) out = out.slice(0, ins.at) + ins.text + out.slice(ins.at);
      return out;
    })
    .join("\n");
}
