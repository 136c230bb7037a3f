// The hostile run's log check finds what log injection leaves behind (a raw ESC, a forged line of its own)
// and passes a log where the same key was escaped onto its one line.
import { describe, expect, it } from "vitest";
import { LOG_INJECTION_KEY } from "./hostile-ingest-cases";
import { logInjectionProblems } from "./hostile-output-checks";

const refusal = (key: string) => `ingest refused (400) for admin: invalid events — event 0 values.${key}: expected number\n`;

describe("log injection check", () => {
  it("finds the raw key's escape characters and forged sign-in line", () => {
    const problems = logInjectionProblems(`Harness Lab: store ready\n${refusal(LOG_INJECTION_KEY)}`);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/raw ESC/);
    expect(problems[1]).toMatch(/forged line/);
  });

  it("passes the same refusal with the key escaped (control characters visible, one line)", () => {
    const escaped = JSON.stringify(LOG_INJECTION_KEY).slice(1, -1);
    expect(escaped).not.toMatch(/[\n\u001b]/);
    expect(logInjectionProblems(`Harness Lab: store ready\n${refusal(escaped)}`)).toEqual([]);
  });
});
