// The `harness-lab sync` command end to end: argument rules, a real HTTP round trip, the --db mode.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openStore } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { run } from "../../../programs/cli/commands/sync";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-sync-cli-"));
  dirs.push(dir);
  return dir;
}

let out = "";
let err = "";
beforeEach(() => {
  out = "";
  err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((err += String(chunk)), true));
  vi.stubEnv("HARNESS_LAB_URL", "");
  vi.stubEnv("HARNESS_LAB_TOKEN", "");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const events = [
  { type: "experiment", id: "exp-1", name: "demo", method: "grpo" },
  { type: "task", id: "t1", key: "t1", benchmark: "mini" },
];

function logDir(): string {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, "events-1.jsonl"), events.map((e) => `${JSON.stringify(e)}\n`).join(""));
  return dir;
}

describe("harness-lab sync", () => {
  it("requires exactly one target", async () => {
    const dir = logDir();
    expect(await run([dir])).toBe(2);
    expect(err).toContain("no target");
    expect(await run([dir, "--server", "http://x.test", "--token", "t", "--db", "x.db"])).toBe(2);
    expect(err).toContain("not both");
    expect(await run([dir, "--server", "http://x.test"])).toBe(2);
    expect(err).toContain("no token");
    expect(await run(["--db", "x.db"])).toBe(2);
    expect(err).toContain("DIR is required");
    expect(await run([dir, "--bogus"])).toBe(2);
  });

  it("applies into a store file with --db, and nothing new the second time", async () => {
    const dir = logDir();
    const dbFile = path.join(tempDir(), "lab.db");
    // An exported server URL does not override an explicit --db.
    vi.stubEnv("HARNESS_LAB_URL", "http://unused.test");
    expect(await run([dir, "--db", dbFile])).toBe(0);
    expect(out).toContain("2 event(s)");
    expect(out).toMatch(/applied: +experiment 1, task 1/);
    out = "";
    expect(await run([dir, "--db", dbFile])).toBe(0);
    expect(out).toMatch(/0 event\(s\)/);
  });

  it("sends to a server named by the environment and reports refusals with file:line", async () => {
    const store = openStore(":memory:");
    let auth = "";
    const server = http.createServer((req, res) => {
      auth = req.headers.authorization ?? "";
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        const outcome = applyEvents(store, JSON.parse(body) as unknown[]);
        res.writeHead(outcome.ok ? 200 : outcome.status, { "content-type": "application/json" });
        res.end(JSON.stringify(outcome.ok ? { applied: outcome.applied, unchanged: outcome.unchanged } : { error: "invalid events", errors: outcome.errors }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const dir = logDir();
      vi.stubEnv("HARNESS_LAB_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      vi.stubEnv("HARNESS_LAB_TOKEN", "secret");
      expect(await run([dir])).toBe(0);
      expect(auth).toBe("Bearer secret");
      expect(out).toMatch(/applied: +experiment 1, task 1/);

      fs.appendFileSync(path.join(dir, "events-1.jsonl"), `${JSON.stringify({ type: "task", id: "t2", key: "t2" })}\n`);
      expect(await run([dir])).toBe(1);
      expect(err).toContain(`${path.join(dir, "events-1.jsonl")}:3: benchmark:`);
      expect(fs.readFileSync(path.join(dir, ".harness-lab-sync.json"), "utf8")).not.toContain("secret");
    } finally {
      server.close();
      store.sqlite.close();
    }
  });
});
