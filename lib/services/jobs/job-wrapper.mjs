#!/usr/bin/env node
// Runs a local job's command and records how it ended, so the dashboard knows the exit code even when it was
// restarted meanwhile (it is then no longer the parent and cannot wait for the process).
//   node job-wrapper.mjs <exit-file> [--sandbox=<json>] <program> [args…]
// The program is spawned WITHOUT a shell, with the wrapper's stdout/stderr (the job's log). The wrapper is the
// leader of the job's process group: a cancel signals the whole group, so the wrapper itself ignores SIGTERM,
// SIGINT and SIGHUP and stays to write down how its child ended. Plain JavaScript: it must start fast.
// With --sandbox (lib/services/jobs/sandbox.ts) the program runs inside bubblewrap, under sandbox-entry.mjs, which
// reports the program's end on fd 3; the job has no network, so the wrapper — outside — forwards each
// connection on a Unix socket in the job's control folder (bound into the sandbox) to the dashboard's address,
// and nowhere else. The wrapper runs with the server's rights, outside: it never follows a link or opens a
// file the job could have planted (the exit file is written beside the log, in the control folder the sandbox
// hides, and even there only through a fresh O_EXCL|O_NOFOLLOW file renamed into place).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";

const [exitFile, ...rest] = process.argv.slice(2);
const sandbox = rest[0]?.startsWith("--sandbox=") ? JSON.parse(rest.shift().slice("--sandbox=".length)) : null;
const [program, ...args] = rest;
if (!exitFile || !program) {
  process.stderr.write("usage: job-wrapper.mjs <exit-file> [--sandbox=<json>] <program> [args…]\n");
  process.exit(2);
}

function record(status) {
  const tmp = `${exitFile}.tmp`;
  fs.rmSync(tmp, { force: true });
  const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW, 0o600);
  try {
    fs.writeFileSync(fd, `${JSON.stringify({ ...status, endedAt: Date.now() })}\n`);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, exitFile);
}

function finish(status) {
  record(status);
  process.exit(status.exitCode ?? 128 + (os.constants.signals[status.signal] ?? 0));
}

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => {});

if (sandbox) void runSandboxed();
else runPlain();

function runPlain() {
  const child = spawn(program, args, { stdio: "inherit" });
  child.on("error", (error) => {
    process.stderr.write(`harness-lab: cannot start ${program}: ${error.message}\n`);
    finish({ exitCode: 127, signal: null, error: error.message });
  });
  child.on("exit", (code, signal) => finish({ exitCode: code, signal }));
}

/**
 * The dashboard forwarder: each connection on the job's socket becomes one TCP connection to the dashboard.
 * Resolves once it listens (bwrap binds the socket into the sandbox, so it must exist first); a job that runs
 * as another user (the server is root) is given the socket, which connecting to needs write permission on.
 */
function forwardToDashboard() {
  fs.rmSync(sandbox.socket, { force: true });
  const server = net.createServer((inner) => {
    const outer = net.connect({ host: sandbox.host, port: sandbox.port });
    inner.pipe(outer).pipe(inner);
    inner.on("error", () => outer.destroy());
    outer.on("error", () => inner.destroy());
  });
  return new Promise((resolve) => {
    server.once("error", (error) => {
      process.stderr.write(`harness-lab: the dashboard forwarder failed: ${error.message}\n`);
      resolve(server);
    });
    server.listen(sandbox.socket, () => {
      if (sandbox.jobUser) fs.chownSync(sandbox.socket, sandbox.jobUser.uid, sandbox.jobUser.gid);
      resolve(server);
    });
  });
}

async function runSandboxed() {
  await forwardToDashboard();
  // bwrap is in the job's process group (so a cancel reaches the program inside) but must outlive a SIGTERM,
  // or it would take the program down at once, with no grace: it is started ignoring SIGTERM/SIGINT/SIGHUP
  // (dispositions that exec keeps; libuv resets them, hence the fixed one-line shell — every value is an
  // argument, never shell text). sandbox-entry starts the program with the default dispositions again.
  const bwrapArgv = [sandbox.bwrap, ...sandbox.args, "--", ...sandbox.drop, sandbox.node, sandbox.entry, sandbox.innerSocket, String(sandbox.port), program, ...args];
  const child = spawn("/bin/sh", ["-c", 'trap "" TERM INT HUP; exec "$@"', "sh", ...bwrapArgv], {
    stdio: ["ignore", "inherit", "inherit", "pipe"],
  });
  // sandbox-entry's reports: one JSON line each ({ exitCode, signal } or { error }).
  let reported = null;
  let buffered = "";
  child.stdio[3].on("data", (chunk) => {
    buffered += chunk.toString("utf8");
    for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
      try {
        reported = JSON.parse(buffered.slice(0, nl));
      } catch {
        // not a report
      }
      buffered = buffered.slice(nl + 1);
    }
  });
  child.on("error", (error) => {
    process.stderr.write(`harness-lab: cannot start the sandbox ${sandbox.bwrap}: ${error.message}\n`);
    finish({ exitCode: 127, signal: null, error: `the sandbox (bubblewrap) cannot start: ${error.message}` });
  });
  child.on("close", (code, signal) => {
    fs.rmSync(sandbox.socket, { force: true });
    if (reported?.error) {
      process.stderr.write(`harness-lab: cannot start ${program}: ${reported.error}\n`);
      finish({ exitCode: 127, signal: null, error: reported.error });
    } else if (reported) {
      finish({ exitCode: reported.exitCode ?? null, signal: reported.signal ?? null });
    } else if (signal) {
      finish({ exitCode: null, signal });
    } else {
      // bwrap ended before the program was started (its own message is in the log just above).
      finish({ exitCode: code ?? 1, signal: null, error: `the sandbox (bubblewrap) did not start the job (exit ${code})` });
    }
  });
}
