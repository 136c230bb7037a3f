import { describe, expect, it } from "vitest";
import { checkIdentity, formatIdentity, parseIdentity, parseProcStat, readProcStat } from "./process-identity";

describe("process identity", () => {
  it("parses /proc/<pid>/stat even when the command name holds spaces and parentheses", () => {
    const text = "4242 (node (job) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 1 0 0 20 0 11 0 987654 1000 50 18446744073709551615";
    expect(parseProcStat(text)).toEqual({ pid: 4242, state: "S", pgrp: 4242, startTime: "987654" });
    expect(parseProcStat("garbage")).toBeNull();
  });

  it("knows this very process, and tells a reused pid (other start time) from it", () => {
    const self = readProcStat(process.pid)!;
    expect(self.pid).toBe(process.pid);
    expect(checkIdentity(formatIdentity(process.pid, self.startTime))).toEqual({ alive: true });
    const reused = checkIdentity(formatIdentity(process.pid, String(Number(self.startTime) + 1)));
    expect(reused).toEqual({ alive: false, reason: `pid ${process.pid} now belongs to another process (started at a different time)` });
  });

  it("reports a pid that no longer exists and a missing record", () => {
    expect(checkIdentity("999999999:1")).toEqual({ alive: false, reason: "process 999999999 no longer exists" });
    expect(checkIdentity(null)).toEqual({ alive: false, reason: "no process was recorded for it" });
    expect(parseIdentity("12:34")).toEqual({ pid: 12, startTime: "34" });
    expect(parseIdentity("slurm-12")).toBeNull();
  });
});
