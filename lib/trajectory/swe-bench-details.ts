// What an evaluator said about a rollout beyond pass/fail. A SWE-bench report holds test lists
// (FAIL_TO_PASS, PASS_TO_PASS, …) each split into tests that passed ("success") and failed ("failure"),
// either at the top of the details or under "tests_status"; other scalar fields are flags, except the
// store's own bookkeeping (which attempt a late verdict joined), which is not the evaluator's word.
import { JOIN_ATTEMPT_KEY } from "../events/join-attempt-key";

export interface TestList {
  name: string;
  passed: string[];
  failed: string[];
}

export interface EvaluatorDetails {
  lists: TestList[];
  flags: Array<{ key: string; value: string | number | boolean }>;
}

// Lists people look at first; any other list a report carries follows in its own order.
const LIST_ORDER = ["FAIL_TO_PASS", "PASS_TO_PASS", "FAIL_TO_FAIL", "PASS_TO_FAIL"];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : null;

function testList(name: string, value: unknown): TestList | null {
  if (!isRecord(value)) return null;
  const passed = strings(value.success);
  const failed = strings(value.failure);
  if (passed === null && failed === null) return null;
  return { name, passed: passed ?? [], failed: failed ?? [] };
}

export function readEvaluatorDetails(details: Record<string, unknown> | null): EvaluatorDetails {
  const result: EvaluatorDetails = { lists: [], flags: [] };
  if (!details) return result;
  const sources = isRecord(details.tests_status) ? [details, details.tests_status] : [details];
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      const list = testList(key, value);
      if (list) result.lists.push(list);
      else if (source === details && key !== JOIN_ATTEMPT_KEY && (typeof value === "string" || typeof value === "number" || typeof value === "boolean")) {
        result.flags.push({ key, value });
      }
    }
  }
  const rank = (name: string) => (LIST_ORDER.includes(name) ? LIST_ORDER.indexOf(name) : LIST_ORDER.length);
  result.lists.sort((a, b) => rank(a.name) - rank(b.name));
  // An empty FAIL_TO_FAIL / PASS_TO_FAIL says nothing; the two lists that decide a verdict always show.
  result.lists = result.lists.filter((l) => l.passed.length + l.failed.length > 0 || rank(l.name) < 2);
  return result;
}
