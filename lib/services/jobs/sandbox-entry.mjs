#!/usr/bin/env node
// The first process inside a job's sandbox (bubblewrap, started by job-wrapper.mjs):
//   node sandbox-entry.mjs <socket> <port> <program> [args…]
// The sandbox has no network but its own loopback, so the dashboard (HARNESS_LAB_URL, set to 127.0.0.1:<port>
// or a loopback name) is made reachable here: it listens on loopback:<port> and pipes each connection to the
// Unix socket the wrapper forwards to the dashboard — and nothing else is reachable. Then it runs the program
// (no shell, the log as stdout/stderr) and reports how it ended on fd 3 to the wrapper, which records it.
// Like the wrapper it ignores SIGTERM/SIGINT/SIGHUP: a cancel signals the job's process group, the program too.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

const [socket, portText, program, ...args] = process.argv.slice(2);
const report = (value) => {
  try {
    fs.writeSync(3, `${JSON.stringify(value)}\n`);
  } catch {
    // no wrapper listening (run by hand): the exit code still says it
  }
};
if (!socket || !portText || !program) {
  process.stderr.write("usage: sandbox-entry.mjs <socket> <port> <program> [args…]\n");
  process.exit(2);
}
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => {});

function forwarder(host) {
  return new Promise((resolve) => {
    const server = net.createServer((inner) => {
      const outer = net.connect(socket);
      inner.pipe(outer).pipe(inner);
      inner.on("error", () => outer.destroy());
      outer.on("error", () => inner.destroy());
    });
    server.once("error", (error) => resolve(error));
    server.listen({ host, port: Number(portText), exclusive: true }, () => resolve(null));
  });
}

const failed = await forwarder("127.0.0.1");
if (failed) process.stderr.write(`harness-lab: the dashboard cannot be reached from the sandbox (127.0.0.1:${portText}: ${failed.message})\n`);
// "localhost" may resolve to ::1 first; best effort where the sandbox has IPv6 loopback.
await forwarder("::1");

const child = spawn(program, args, { stdio: "inherit" });
child.on("error", (error) => {
  report({ error: error.message });
  process.exit(127);
});
child.on("exit", (exitCode, signal) => {
  report({ exitCode, signal });
  process.exit(exitCode ?? 1);
});
