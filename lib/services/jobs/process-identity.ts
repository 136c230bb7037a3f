// Telling a job's process from another one that got the same pid later: Linux /proc/<pid>/stat gives the
// start time (clock ticks since boot), recorded with the pid at spawn ("pid:starttime" in jobs.external_id).
// Zombies count as gone: they have exited and only wait for a parent to reap them.
import fs from "node:fs";

export interface ProcStat {
  pid: number;
  state: string;
  pgrp: number;
  startTime: string;
}

/** Parses /proc/<pid>/stat text; the command name may hold spaces and parentheses, so fields follow the LAST ")". */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const pid = Number(text.slice(0, open).trim());
  // After ")": state(3) ppid(4) pgrp(5) session(6) … starttime(22) — indexes here start at field 3.
  const fields = text.slice(close + 2).split(" ");
  const state = fields[0];
  const pgrp = Number(fields[2]);
  const startTime = fields[19];
  if (!Number.isInteger(pid) || !state || !Number.isInteger(pgrp) || !startTime || !/^\d+$/.test(startTime)) return null;
  return { pid, state, pgrp, startTime };
}

export function readProcStat(pid: number): ProcStat | null {
  try {
    return parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

const DEAD_STATES = new Set(["Z", "X", "x"]);

export function formatIdentity(pid: number, startTime: string): string {
  return `${pid}:${startTime}`;
}

export function parseIdentity(externalId: string | null): { pid: number; startTime: string } | null {
  const match = /^(\d+):(\d+)$/.exec(externalId ?? "");
  return match ? { pid: Number(match[1]), startTime: match[2] } : null;
}

export type IdentityCheck = { alive: true } | { alive: false; reason: string };

/** Is the process recorded as "pid:starttime" still that same, living process? */
export function checkIdentity(externalId: string | null): IdentityCheck {
  const id = parseIdentity(externalId);
  if (!id) return { alive: false, reason: "no process was recorded for it" };
  const stat = readProcStat(id.pid);
  if (!stat) return { alive: false, reason: `process ${id.pid} no longer exists` };
  if (stat.startTime !== id.startTime) return { alive: false, reason: `pid ${id.pid} now belongs to another process (started at a different time)` };
  if (DEAD_STATES.has(stat.state)) return { alive: false, reason: `process ${id.pid} has exited` };
  return { alive: true };
}

/** Pids of living (non-zombie) processes in process group `pgid`, from /proc. */
export function livingGroupMembers(pgid: number): number[] {
  const members: number[] = [];
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return members;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(Number(entry));
    if (stat && stat.pgrp === pgid && !DEAD_STATES.has(stat.state)) members.push(stat.pid);
  }
  return members;
}
