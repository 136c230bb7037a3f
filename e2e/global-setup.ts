// Starts the production server (lib/services/server/serve-http.mjs, as `npm start` runs it, on the build of `next build`)
// on a free port with a brand-new database, waits for the one-time sign-in link it prints on first start and for
// it to answer, and writes what the tests need to e2e/.state/server.json.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../lib/services/server/free-port";
import { serverCommand } from "../lib/services/server/server-command";
import { ADMIN_STORAGE_STATE, PROJECT_ROOT, SERVER_LOG_FILE, SERVER_STATE_FILE, STATE_DIR, type ServerState } from "./state";

const HOST = "127.0.0.1";
const LINK_TIMEOUT_MS = 60_000;
const READY_TIMEOUT_MS = 30_000;
const LINK_PATTERN = /(https?:\/\/\S+\/sign-in\/link\?token=\S+)/;


const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export default async function globalSetup(): Promise<void> {
  if (!fs.existsSync(path.join(PROJECT_ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No production build in .next/: run `npx next build` first (`npm run test:e2e` does both).");
  }
  fs.mkdirSync(STATE_DIR, { recursive: true });
  for (const stale of [SERVER_STATE_FILE, ADMIN_STORAGE_STATE]) fs.rmSync(stale, { force: true });

  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-e2e-"));
  const port = await freePort();
  const baseURL = `http://${HOST}:${port}`;
  const adminToken = `hl_e2e_${crypto.randomBytes(24).toString("hex")}`;

  // The server writes to a file rather than a pipe: nothing has to keep draining it after setup returns.
  const log = fs.openSync(SERVER_LOG_FILE, "w");
  const command = serverCommand(PROJECT_ROOT, HOST, port);
  const child = spawn(process.execPath, command, {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HARNESS_LAB_HOME: PROJECT_ROOT,
      HARNESS_LAB_DB: path.join(tmpDir, "e2e.db"),
      HARNESS_LAB_ADMIN_TOKEN: adminToken,
      HOST,
      PORT: String(port),
    },
    // Its own process group, so teardown can stop the server and anything it spawned in one signal.
    detached: true,
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  if (child.pid === undefined) throw new Error(`could not start ${command.join(" ")}`);
  const pid = child.pid;
  const status: { exited: string | null } = { exited: null };
  child.on("exit", (code, signal) => {
    status.exited = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  child.unref();

  const output = () => fs.readFileSync(SERVER_LOG_FILE, "utf8");
  const fail = (why: string): never => {
    killGroup(pid);
    fs.rmSync(tmpDir, { recursive: true, force: true });
    throw new Error(`${why}\n--- server output (${SERVER_LOG_FILE}) ---\n${output() || "(nothing)"}\n--- end of server output ---`);
  };

  // 1. The one-time link, printed once by instrumentation.ts → ensureFirstAdmin on a fresh database.
  let link: string | null = null;
  const linkDeadline = Date.now() + LINK_TIMEOUT_MS;
  while (!link) {
    link = LINK_PATTERN.exec(output())?.[1] ?? null;
    if (link) break;
    if (status.exited) fail(`the server stopped (${status.exited}) before printing its one-time sign-in link`);
    if (Date.now() > linkDeadline) fail(`the server printed no one-time sign-in link within ${LINK_TIMEOUT_MS / 1000} s`);
    await sleep(100);
  }
  if (!link!.startsWith(`${baseURL}/`)) fail(`the sign-in link ${link} does not point at ${baseURL}`);

  // 2. The server answers HTTP (the public OpenAPI document needs neither a session nor the store).
  const readyDeadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/v1/openapi.json`, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (status.exited) fail(`the server stopped (${status.exited}) before answering`);
    if (Date.now() > readyDeadline) fail(`the server did not answer ${baseURL}/api/v1/openapi.json within ${READY_TIMEOUT_MS / 1000} s`);
    await sleep(200);
  }

  const state: ServerState = { baseURL, link: link!, adminToken, pid, tmpDir, logFile: SERVER_LOG_FILE };
  fs.writeFileSync(SERVER_STATE_FILE, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  process.stdout.write(`e2e: Harness Lab production server at ${baseURL} (pid ${pid}, log ${path.relative(PROJECT_ROOT, SERVER_LOG_FILE)})\n`);
}
