// One episode's workspace — the file being repaired, its edits, its test runs — and the ToolApi through
// which the harness's tools and hooks act on it. The API is the whole door: nothing here hands out
// the hidden tests or the reference.
import type { EditOperator, RepairTask, TestResult } from "../types";
import type { EditRecord, TestRunRecord, ToolApi } from "../harness/types";
import { parseHeader } from "../tasks/guard";
import type { TaskEnvironment } from "./environment";
import { cachedTestRun } from "./test-cache";
import { formatTestReport } from "./test-report";

export class Workspace {
  source: string;
  turn = 0;
  submitted = false;
  failedEdits = 0;
  testRunsSinceEdit = 0;
  readonly edits: EditRecord[] = [];
  readonly api: ToolApi;
  private lines: readonly string[];
  private before: string | null = null;
  private lastRun: TestRunRecord | null = null;
  private applicable = new Map<number, EditOperator[]>();
  private readonly codeByName: Map<string, string>;

  constructor(
    readonly task: RepairTask,
    private readonly env: TaskEnvironment,
    private readonly testTimeoutMs: number,
    random: () => number,
  ) {
    this.source = task.source;
    this.lines = splitLines(task.source);
    this.codeByName = new Map(task.visibleTests.map((t) => [t.name, t.code]));
    const names = Object.freeze(task.visibleTests.map((t) => t.name));
    this.api = Object.freeze({
      path: task.path,
      lineCount: () => this.lines.length,
      readFile: () => this.source,
      readLines: () => this.lines,
      visibleTestNames: () => names,
      visibleTestCode: (name: string) => this.codeByName.get(String(name)) ?? null,
      runVisibleTests: () => this.record(this.visible(this.source), true),
      runTests: (wanted: readonly string[]) => {
        const set = new Set(Array.from(wanted ?? [], String));
        return this.record(this.visible(this.source).filter((r) => set.has(r.name)), false);
      },
      testsBeforeLastEdit: (wanted?: readonly string[]) => {
        if (this.before === null) return null;
        const all = this.visible(this.before);
        if (!wanted) return all;
        const set = new Set(Array.from(wanted, String));
        return Object.freeze(all.filter((r) => set.has(r.name)));
      },
      lastTestRun: () => this.lastRun,
      formatTestReport: (results: readonly TestResult[], options?: { title?: string; showCode?: boolean; failuresOnly?: boolean }) =>
        formatTestReport(Array.from(results ?? []), options ?? {}, (name) => this.codeByName.get(name) ?? null),
      applicableOperators: (line: number) => this.applicableAt(line),
      applyEdit: (line: number, operator: string) => this.applyEdit(line, operator),
      edits: () => Object.freeze(this.edits.slice()),
      lastEdit: () => this.edits[this.edits.length - 1] ?? null,
      previewEdit: (line: number, operator: string) => {
        const result = this.env.applyEdit(this.source, Number(line), String(operator) as EditOperator);
        return result.ok ? Object.freeze({ before: this.visible(this.source), after: this.visible(result.source) }) : null;
      },
      diff: () => this.env.unifiedDiff(task.source, this.source, task.path),
      enclosingFunction: (line: number) => this.enclosingFunction(line),
      submit: () => {
        this.submitted = true;
      },
      random,
    });
  }

  get editsMade(): number {
    return this.edits.length;
  }

  lineCount(): number {
    return this.lines.length;
  }

  applicableAt(line: number): EditOperator[] {
    let ops = this.applicable.get(line);
    if (!ops) {
      ops = applicableOperatorsOf(this.env, this.source, line);
      this.applicable.set(line, ops);
    }
    return ops;
  }

  diff(): string {
    return this.env.unifiedDiff(this.task.source, this.source, this.task.path);
  }

  private visible(source: string): readonly TestResult[] {
    return cachedTestRun(this.task, this.env, "visible", source, this.testTimeoutMs);
  }

  private record(results: readonly TestResult[], full: boolean): readonly TestResult[] {
    const frozen = Object.isFrozen(results) ? results : Object.freeze(results);
    this.lastRun = Object.freeze({ turn: this.turn, editIndex: this.edits.length, full, results: frozen });
    this.testRunsSinceEdit++;
    return frozen;
  }

  private applyEdit(line: number, operator: string): { ok: boolean; error?: string; before?: string; after?: string } {
    const result = this.env.applyEdit(this.source, Number(line), String(operator) as EditOperator);
    if (!result.ok) {
      this.failedEdits++;
      return { ok: false, error: result.error };
    }
    const beforeLine = this.lines[line - 1];
    this.before = this.source;
    this.source = result.source;
    this.lines = splitLines(result.source);
    this.applicable = new Map();
    this.edits.push(Object.freeze({ turn: this.turn, line, operator: String(operator) }));
    this.testRunsSinceEdit = 0;
    return { ok: true, before: beforeLine, after: this.lines[line - 1] };
  }

  private enclosingFunction(line: number): string | null {
    for (let k = Math.min(Number(line), this.lines.length) - 1; k >= 0; k--) {
      const header = parseHeader(this.lines[k]);
      if (header) return header.name;
    }
    return null;
  }
}

// Operators per line of a source, shared across episodes: the agent reads the same few sources (the
// original, the usual edits) thousands of times, and tokenising every line each time would dominate.
const applicability = new WeakMap<TaskEnvironment, Map<string, Map<number, EditOperator[]>>>();
const APPLICABILITY_LIMIT = 4096;

function applicableOperatorsOf(env: TaskEnvironment, source: string, line: number): EditOperator[] {
  let bySource = applicability.get(env);
  if (!bySource) applicability.set(env, (bySource = new Map()));
  let byLine = bySource.get(source);
  if (!byLine) {
    if (bySource.size >= APPLICABILITY_LIMIT) bySource.delete(bySource.keys().next().value!);
    bySource.set(source, (byLine = new Map()));
  }
  let ops = byLine.get(line);
  if (!ops) byLine.set(line, (ops = Object.freeze(env.applicableOperators(source, line)) as EditOperator[]));
  return ops;
}

function splitLines(source: string): readonly string[] {
  const lines = source.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return Object.freeze(lines);
}
