// The `harness-lab follow` command: its argument rules, a --once pass into a store file, and a real HTTP
// round trip in which the follower keeps following a directory a trainer is still writing.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openStore } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { run } from "../../../programs/cli/commands/follow";
import { verlWriter } from "../../../test/fixtures/follow/trainer-writers";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-follow-cli-"));
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

describe("harness-lab follow", () => {
  it("names what is missing or wrong in its arguments", async () => {
    const dir = tempDir();
    expect(await run([dir, "--db", "x.db"])).toBe(2);
    expect(err).toContain("--experiment NAME is required");
    expect(await run([dir, "--experiment", "e"])).toBe(2);
    expect(err).toContain("no target");
    expect(await run([dir, "--experiment", "e", "--server", "http://x.test"])).toBe(2);
    expect(err).toContain("no token");
    expect(await run([dir, "--experiment", "e", "--db", "x.db", "--interval", "0"])).toBe(2);
    expect(err).toContain("--interval must be a positive number");
    expect(await run([path.join(dir, "missing"), "--experiment", "e", "--db", "x.db"])).toBe(2);
    expect(err).toContain("is not a directory");
  });

  it("--once imports into a store file and exits 1 naming file:line of a record it could not read", async () => {
    const dir = tempDir();
    for (const action of verlWriter(dir, 1)) action();
    fs.appendFileSync(path.join(dir, "verl_logs", "gsm8k", "grpo-seed1.jsonl"), `{"step": "two", "data": {}}\n`);
    const dbFile = path.join(tempDir(), "lab.db");
    expect(await run([dir, "--experiment", "gsm8k", "--run", "seed1", "--db", dbFile, "--once"])).toBe(1);
    expect(out).toMatch(/applied: +experiment 1, run 1, task 3, rollout 12, metrics 1/);
    expect(err).toContain(`${path.join(dir, "verl_logs", "gsm8k", "grpo-seed1.jsonl")}:2: "step" must be a non-negative integer`);
    const store = openStore(dbFile);
    try {
      expect((store.sqlite.prepare("SELECT id FROM runs").get() as { id: string }).id).toBe("gsm8k/seed1");
    } finally {
      store.sqlite.close();
    }
  });

  it("follows a directory the trainer is still writing, over HTTP, until interrupted", async () => {
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
    const dir = tempDir();
    const actions = verlWriter(dir, 3);
    const rollouts = () => (store.sqlite.prepare("SELECT count(*) AS n FROM rollouts").get() as { n: number }).n;
    try {
      vi.stubEnv("HARNESS_LAB_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      vi.stubEnv("HARNESS_LAB_TOKEN", "secret");
      const following = run([dir, "--experiment", "gsm8k", "--interval", "0.05"]);
      for (const action of actions) {
        action();
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      await vi.waitFor(() => expect(rollouts()).toBe(36), { timeout: 5000, interval: 50 });
      process.emit("SIGINT");
      expect(await following).toBe(0);
      expect(auth).toBe("Bearer secret");
      expect(fs.readFileSync(path.join(dir, ".harness-lab-follow.json"), "utf8")).not.toContain("secret");
    } finally {
      server.close();
      store.sqlite.close();
    }
  });
});
