// The agent's side of the episode: the transcript it was shown, with a bounded context window, and the
// DecisionContext built from it. The head (system prompt, issue, skills) is pinned; of everything after
// it only the newest `contextChars` characters are "in context" — older facts are forgotten, as a model
// with a finite window forgets them. That is what makes output length matter: a 900-character listing
// can push the last failing test message out. What the agent did itself (edits made, whether it saw a
// test report since its last edit) is always known: those are its own actions.
import type { DecisionContext, EditOperator } from "../types";
import { cachedFactsOf, type TextFacts } from "./text-facts";

interface Entry {
  chars: number;
  facts: TextFacts;
  /** Successful edits made when the text arrived: a report with editIndex === editsMade is fresh. */
  editIndex: number;
}

export interface ContextInputs {
  turn: number;
  maxTurns: number;
  tools: string[];
  lastTool: string | null;
  lineCount: number;
  editsMade: number;
  hints: string[];
  /** Operators applying at a line of the current source (what reading that line tells the agent). */
  applicable(line: number): EditOperator[];
}

const MAX_SUSPICIOUS = 8;

export class AgentView {
  private readonly pinned: Entry[] = [];
  private readonly entries: Entry[] = [];
  private freshReportAt = -1;

  constructor(private readonly contextChars: number) {}

  /** Text that stays in context for the whole episode (the issue). */
  pin(text: string): void {
    this.pinned.push({ chars: text.length, facts: cachedFactsOf(text, true), editIndex: 0 });
  }

  /** Text the agent was shown; `pointers: false` for the echo of its own edit. */
  add(text: string, editIndex: number, pointers = true): void {
    if (text.length === 0) return;
    const entry = { chars: text.length, facts: cachedFactsOf(text, pointers), editIndex };
    if (entry.facts.report) this.freshReportAt = Math.max(this.freshReportAt, editIndex);
    this.entries.push(entry);
  }

  /** Newest first: the entries inside the window, then the pinned head. */
  private window(): Entry[] {
    const out: Entry[] = [];
    let used = 0;
    for (let k = this.entries.length - 1; k >= 0; k--) {
      const e = this.entries[k];
      if (out.length > 0 && used + e.chars > this.contextChars) break;
      used += e.chars;
      out.push(e);
    }
    for (let k = this.pinned.length - 1; k >= 0; k--) out.push(this.pinned[k]);
    return out;
  }

  context(inputs: ContextInputs): DecisionContext {
    const window = this.window();
    let report: TextFacts["report"] = null;
    let viewed = false;
    const suspicious: number[] = [];
    const seen = new Set<number>();
    const stated = new Map<number, EditOperator[]>();
    for (const e of window) {
      const f = e.facts;
      if (!report && f.report) report = f.report;
      if (f.listing) viewed = true;
      for (const line of f.pointed) {
        if (suspicious.length < MAX_SUSPICIOUS && line <= inputs.lineCount && !suspicious.includes(line)) suspicious.push(line);
      }
      for (const line of f.seen) seen.add(line);
      for (const [line, ops] of f.operatorsAt) if (!stated.has(line)) stated.set(line, ops);
    }
    const applicableOperators: Record<number, EditOperator[]> = {};
    for (const line of seen) {
      if (line >= 1 && line <= inputs.lineCount) applicableOperators[line] = stated.get(line) ?? inputs.applicable(line);
    }
    for (const [line, ops] of stated) {
      if (line >= 1 && line <= inputs.lineCount && !(line in applicableOperators)) applicableOperators[line] = ops;
    }
    return {
      turn: inputs.turn,
      maxTurns: inputs.maxTurns,
      tools: inputs.tools,
      lastTool: inputs.lastTool,
      lineCount: inputs.lineCount,
      viewed,
      editsMade: inputs.editsMade,
      testsRunSinceEdit: this.freshReportAt >= inputs.editsMade,
      lastTestsPassed: report ? report.failed === 0 : null,
      failingTests: report ? report.failed : null,
      suspiciousLines: suspicious,
      applicableOperators,
      symptoms: report ? report.symptoms : [],
      hints: inputs.hints,
    };
  }
}
