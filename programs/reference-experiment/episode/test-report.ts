// The test report: how test results are written for the agent, and how the agent reads them back.
// One convention, used by every tool and hook that runs tests (through ToolApi.formatTestReport):
//
//   Ran 5 tests: 1 failed, 4 passed.
//   FAIL "clamps above the range": clamp(5, 0, 3): expected 3, got 4
//       > check("clamp(5, 0, 3)", () => mod.clamp(5, 0, 3), 3);
//   PASS "keeps values inside"
//
// A failure thrown inside the task file ends with "(at line N)". Symptoms are read from the messages
// the way a programmer reads them: a value off by one, a sign flipped, a boolean inverted, the right
// items in the wrong order, a throw, a hang. Vocabulary as policy/features.ts SYMPTOMS.
import type { TestResult } from "../types";

export interface ReportFailure { name: string; message: string }

export interface ReportFacts {
  total: number;
  failed: number;
  failures: ReportFailure[];
  symptoms: string[];
}

export function formatTestReport(
  results: readonly TestResult[],
  options: { title?: string; showCode?: boolean; failuresOnly?: boolean } = {},
  codeOf: (name: string) => string | null = () => null,
): string {
  const failed = results.filter((r) => !r.passed).length;
  const out: string[] = [];
  if (options.title) out.push(options.title);
  out.push(`Ran ${results.length} test${results.length === 1 ? "" : "s"}: ${failed} failed, ${results.length - failed} passed.`);
  for (const r of results) {
    if (r.passed) {
      if (!options.failuresOnly) out.push(`PASS ${JSON.stringify(r.name)}`);
      continue;
    }
    const where = typeof r.line === "number" ? ` (at line ${r.line})` : "";
    out.push(`FAIL ${JSON.stringify(r.name)}: ${r.message ?? "failed"}${where}`);
    if (options.showCode) {
      const code = codeOf(r.name);
      if (code) for (const line of code.split("\n")) if (line.trim()) out.push(`    > ${line.trim()}`);
    }
  }
  return out.join("\n");
}

const RAN = /^Ran (\d+) tests?: (\d+) failed, (\d+) passed\.?$/;
const FAIL = /^FAIL ("(?:[^"\\]|\\.)*")(?:: (.*))?$/;

/** The report in a text, or null when the text holds none (or its summary line was cut away). */
export function parseTestReport(lines: readonly string[]): ReportFacts | null {
  let report: ReportFacts | null = null;
  for (const line of lines) {
    const ran = RAN.exec(line);
    if (ran) {
      // A second report in the same text (a hook's after a tool's) replaces the first: it is newer.
      report = { total: Number(ran[1]), failed: Number(ran[2]), failures: [], symptoms: [] };
      continue;
    }
    const fail = report && FAIL.exec(line);
    if (!report || !fail) continue;
    let name: string;
    try {
      name = JSON.parse(fail[1]) as string;
    } catch {
      continue;
    }
    report.failures.push({ name, message: fail[2] ?? "" });
  }
  if (report) {
    const symptoms = new Set<string>();
    for (const f of report.failures) for (const s of symptomsOf(f.message)) symptoms.add(s);
    // Frozen: the same array reaches every DecisionContext built while this report is in the window.
    report.symptoms = Object.freeze([...symptoms]) as string[];
  }
  return report;
}

/** A value as the test runner prints it (JSON-like), or the raw text when it does not parse. */
function parseValue(text: string): unknown {
  const t = text.replace(/\s*\(at line \d+\)$/, "").trim();
  if (t === "undefined") return undefined;
  if (t === "NaN") return Number.NaN;
  try {
    return JSON.parse(t);
  } catch {
    return { raw: t };
  }
}

const isNumber = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

function compareValues(expected: unknown, actual: unknown): string {
  if (isNumber(expected) && isNumber(actual)) {
    if (Math.abs(expected - actual) === 1) return "off-by-one-value";
    if (expected !== 0 && actual === -expected) return "wrong-sign";
    return "wrong-value";
  }
  if (typeof expected === "boolean" && typeof actual === "boolean") return "wrong-boolean";
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (Math.abs(expected.length - actual.length) === 1) return "off-by-one-value";
    if (expected.length === actual.length) {
      const key = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort().join("\u0000");
      if (key(expected) === key(actual)) return "wrong-order";
      const diffs = expected.map((x, i) => [x, actual[i]] as const).filter(([x, y]) => JSON.stringify(x) !== JSON.stringify(y));
      if (diffs.length > 0 && diffs.every(([x, y]) => isNumber(x) && isNumber(y) && Math.abs(x - y) === 1)) return "off-by-one-value";
    }
    return "wrong-value";
  }
  if (typeof expected === "string" && typeof actual === "string") {
    if (Math.abs(expected.length - actual.length) === 1) return "off-by-one-value";
    if (expected.length === actual.length && [...expected].sort().join("") === [...actual].sort().join("")) return "wrong-order";
  }
  return "wrong-value";
}

/** Symptoms of one failure message ([] for "not run"). */
export function symptomsOf(message: string): string[] {
  if (/^not run\b/.test(message)) return [];
  if (/timed out/.test(message)) return ["timeout"];
  const mismatch = /expected (.*?), got (.*)$/.exec(message);
  if (mismatch) return [compareValues(parseValue(mismatch[1]), parseValue(mismatch[2]))];
  if (/\bthrew\b|\b[A-Z][a-zA-Z]*Error\b|failed to load/.test(message)) return ["threw"];
  return ["other"];
}
