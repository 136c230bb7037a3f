#!/usr/bin/env node
// Runs a local job's command and records how it ended, so the dashboard knows the exit code even when it was
// restarted meanwhile (it is then no longer the parent and cannot wait for the process).
//   node job-wrapper.mjs <exit-file> <program> [args…]
// The program is spawned WITHOUT a shell, with the wrapper's stdout/stderr (the job's log). The wrapper is the
// leader of the job's process group: a cancel signals the whole group, so the wrapper itself ignores SIGTERM,
// SIGINT and SIGHUP and stays to write down how its child ended. Plain JavaScript: it must start fast.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

const [exitFile, program, ...args] = process.argv.slice(2);
if (!exitFile || !program) {
  process.stderr.write("usage: job-wrapper.mjs <exit-file> <program> [args…]\n");
  process.exit(2);
}

function record(status) {
  const tmp = `${exitFile}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ ...status, endedAt: Date.now() })}\n`, { mode: 0o600 });
  fs.renameSync(tmp, exitFile);
}

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => {});

const child = spawn(program, args, { stdio: "inherit" });
child.on("error", (error) => {
  process.stderr.write(`harness-lab: cannot start ${program}: ${error.message}\n`);
  record({ exitCode: 127, signal: null, error: error.message });
  process.exit(127);
});
child.on("exit", (code, signal) => {
  record({ exitCode: code, signal });
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
