// What the agent learns from one piece of text it was shown. The DecisionContext is built only from
// these facts (and the agent's own actions), so a harness changes the agent's knowledge exactly by
// changing the text it shows: a hook that cuts the assertion message removes the symptom, a refusal
// that lists the operators of a line adds them, a long output pushes older facts out of the window.
// Parsed once per text, when it enters the transcript.
import { EDIT_OPERATORS, type EditOperator } from "../types";
import { parseTestReport, type ReportFacts } from "./test-report";

export interface TextFacts {
  report: ReportFacts | null;
  /** A full listing of the file (view). */
  listing: boolean;
  /** Lines whose code the text shows (listing, search hits, an edit's echo, a diff). */
  seen: number[];
  /** Lines the text points at as evidence: search hits, "line N", "<file>.js:N". In order of appearance. */
  pointed: number[];
  /** Operators a text says apply at a line ("Operators that apply at line 7: a, b" or "… : none"). */
  operatorsAt: Array<[number, EditOperator[]]>;
}

const LISTING = /^File \S+ \(\d+ lines?\):$/;
const NUMBERED = /^\+?\s*(\d+)\| /;
const FILE_LINE = /[\w./-]+\.(?:m?js|cjs|ts):(\d+)/g;
const HIT = /^[\w./-]+\.(?:m?js|cjs|ts):(\d+): /;
const LINE_WORD = /\blines? (\d+)(?:-(\d+))?/gi;
const OPERATORS_AT = /[Oo]perators that apply (?:at|to) line (\d+): (.*)$/;
const HUNK = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

const OPERATOR_SET = new Set<string>(EDIT_OPERATORS);

/**
 * Facts of a text. `pointers: false` for the echo of the agent's own edit: naming the line it just
 * chose is not evidence about where the bug is.
 */
export function factsOf(text: string, options: { pointers: boolean } = { pointers: true }): TextFacts {
  const lines = text.split("\n");
  const facts: TextFacts = { report: parseTestReport(lines), listing: false, seen: [], pointed: [], operatorsAt: [] };
  const point = (n: number) => {
    if (options.pointers && n > 0 && !facts.pointed.includes(n)) facts.pointed.push(n);
  };
  let hunkLine = -1;
  for (const line of lines) {
    if (LISTING.test(line)) {
      facts.listing = true;
      continue;
    }
    const hunk = HUNK.exec(line);
    if (hunk) {
      hunkLine = Number(hunk[1]);
      continue;
    }
    if (hunkLine > 0 && /^[ +-]/.test(line) && !line.startsWith("+++") && !line.startsWith("---")) {
      // Inside a diff hunk: context and added lines are lines of the current file.
      if (line[0] !== "-") facts.seen.push(hunkLine++);
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered) {
      facts.seen.push(Number(numbered[1]));
      continue;
    }
    const hit = HIT.exec(line);
    if (hit) {
      facts.seen.push(Number(hit[1]));
      point(Number(hit[1]));
      continue;
    }
    const ops = OPERATORS_AT.exec(line);
    if (ops) {
      const list = ops[2].split(/,\s*/).map((s) => s.trim().replace(/\.$/, "")).filter((s) => OPERATOR_SET.has(s)) as EditOperator[];
      facts.operatorsAt.push([Number(ops[1]), Object.freeze(list) as EditOperator[]]);
      continue; // the line it names is the agent's own choice, not evidence
    }
    if (line.includes("line")) {
      LINE_WORD.lastIndex = 0;
      for (let m = LINE_WORD.exec(line); m; m = LINE_WORD.exec(line)) point(Number(m[1]));
    }
    if (line.includes(".js:") || line.includes(".ts:")) {
      FILE_LINE.lastIndex = 0;
      for (let m = FILE_LINE.exec(line); m; m = FILE_LINE.exec(line)) point(Number(m[1]));
    }
  }
  return facts;
}

// The same texts come back across thousands of episodes (the listing of a task's file, its usual test
// reports), so the agent's reading of a text is cached. Facts are frozen: every reader shares them.
const factsCache = new Map<string, TextFacts>();
const FACTS_CACHE_LIMIT = 20_000;

export function cachedFactsOf(text: string, pointers: boolean): TextFacts {
  const key = pointers ? text : `\u0000${text}`;
  let facts = factsCache.get(key);
  if (!facts) {
    facts = factsOf(text, { pointers });
    Object.freeze(facts.seen);
    Object.freeze(facts.pointed);
    Object.freeze(facts.operatorsAt);
    if (facts.report) Object.freeze(Object.freeze(facts.report).failures);
    Object.freeze(facts);
    if (factsCache.size >= FACTS_CACHE_LIMIT) factsCache.delete(factsCache.keys().next().value!);
    factsCache.set(key, facts);
  }
  return facts;
}
