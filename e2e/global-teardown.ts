// Stops the server global setup started (its whole process group) and removes its temporary database.
import fs from "node:fs";
import { SERVER_STATE_FILE, readServerState } from "./state";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(SERVER_STATE_FILE)) return;
  const { pid, tmpDir } = readServerState();
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // already gone
  }
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.rmSync(SERVER_STATE_FILE, { force: true });
}
