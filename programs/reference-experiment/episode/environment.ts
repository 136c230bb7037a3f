// The task operations an episode needs, gathered in one object so the loop is written against an
// interface (tests can count calls; the experiment passes nothing and gets the real modules).
import type { EditOperator, TaskTest, TestResult } from "../types";
import { applicableOperators, applyEdit } from "../tasks/edit-operators";
import { runTests } from "../tasks/test-runner";
import { unifiedDiff } from "../tasks/unified-diff";

export interface TaskEnvironment {
  applicableOperators(source: string, line: number): EditOperator[];
  applyEdit(source: string, line: number, operator: EditOperator): { ok: true; source: string } | { ok: false; error: string };
  runTests(source: string, tests: readonly TaskTest[], options: { timeoutMs?: number; path?: string }): TestResult[];
  unifiedDiff(before: string, after: string, path: string): string;
}

export const realEnvironment: TaskEnvironment = { applicableOperators, applyEdit, runTests, unifiedDiff };
