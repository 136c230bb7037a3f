// A private store on a shared login node (issue 13, finding 2). A production server started under umask 022
// (which makes new files 0644 and directories 0755) with a store in a directory that does not exist yet
// ingests an experiment; the store, its -wal and -shm are 0600 and the data directory 0700. Then `harness-lab
// serve` is started on a store others can read (0644), and warns: the file, its mode, the chmod that fixes it.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProductionServer } from "../programs/bench/server-process";
import { freePort } from "../lib/services/server/free-port";
import { test, expect, bearer } from "./fixtures";
import { PROJECT_ROOT } from "./state";

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(4, "0");

test("a server started under umask 022 keeps its store owner-only; serve warns about a readable one", async () => {
  test.setTimeout(180_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-privacy-"));
  const dataDir = path.join(tmp, "data");
  const store = path.join(dataDir, "store.db");
  const adminToken = `hl_${crypto.randomBytes(24).toString("base64url")}`;
  const env = { HARNESS_LAB_HOME: PROJECT_ROOT, HARNESS_LAB_DB: store, HARNESS_LAB_ADMIN_TOKEN: adminToken, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1" };
  // The server inherits the umask of the process that starts it.
  const savedUmask = process.umask(0o022);
  let lab: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  try {
    lab = await startProductionServer(PROJECT_ROOT, env);
  } finally {
    process.umask(savedUmask);
  }
  try {
    const res = await fetch(`${lab.url}/api/v1/events`, {
      method: "POST",
      headers: { ...bearer(adminToken), "content-type": "application/json" },
      body: JSON.stringify([{ type: "experiment", id: "privacy-exp", name: "Private", method: "custom" }]),
    });
    expect(res.status, await res.text()).toBe(200);
    // The server holds the store open, so its WAL and shared-memory files exist now.
    expect({ dir: modeOf(dataDir), store: modeOf(store), wal: modeOf(`${store}-wal`), shm: modeOf(`${store}-shm`) }).toEqual({ dir: "0700", store: "0600", wal: "0600", shm: "0600" });
  } finally {
    await lab.stop();
  }

  // A store made by an older version, or copied in: readable by every local user.
  fs.chmodSync(store, 0o644);
  const port = await freePort();
  const serve = spawn("sh", ["-c", "umask 022; exec node bin/harness-lab.mjs serve"], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port) },
    // Its own process group: stopping it stops the server it runs as well.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  serve.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  serve.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  try {
    const warning = `Harness Lab: warning: the store ${store} is open to other users (mode 0644); the store holds every rollout and the password hashes — fix it with: chmod 600 ${store}`;
    await expect.poll(() => output, { timeout: 60_000 }).toContain(warning);
    // The server itself repeats it when it starts (for starts that do not go through `serve`).
    await expect.poll(() => output.split(warning).length - 1, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    // SQLite gives the WAL and shared-memory files the main file's mode, so the server names them too.
    expect(output).toContain(`fix it with: chmod 600 ${store}-wal`);
  } finally {
    try {
      process.kill(-serve.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((resolve) => (serve.exitCode !== null ? resolve(null) : serve.once("exit", resolve)));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
