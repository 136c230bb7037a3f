// Where global setup leaves what the tests need: the server's address, its one-time sign-in link, the
// admin API token and the saved admin session. Everything lives in e2e/.state/ (gitignored).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const STATE_DIR = path.join(PROJECT_ROOT, "e2e", ".state");
export const SERVER_STATE_FILE = path.join(STATE_DIR, "server.json");
export const SERVER_LOG_FILE = path.join(STATE_DIR, "server.log");
/** The admin session saved by e2e/sign-in.setup.ts, the only place the first-start link is used. */
export const ADMIN_STORAGE_STATE = path.join(STATE_DIR, "admin.json");

export interface ServerState {
  baseURL: string;
  /** The one-time sign-in link the server printed on its first start. */
  link: string;
  /** HARNESS_LAB_ADMIN_TOKEN of the server: an API token with every scope. */
  adminToken: string;
  /** The server process (lib/services/server/serve-http.mjs); it leads its own process group. */
  pid: number;
  /** Temporary directory holding the database; removed by teardown. */
  tmpDir: string;
  logFile: string;
}

export function readServerState(): ServerState {
  if (!fs.existsSync(SERVER_STATE_FILE)) {
    throw new Error(`${SERVER_STATE_FILE} is missing: run the tests with \`npx playwright test\` so e2e/global-setup.ts starts the server`);
  }
  return JSON.parse(fs.readFileSync(SERVER_STATE_FILE, "utf8")) as ServerState;
}
