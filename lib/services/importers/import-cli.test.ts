// `harness-lab import` end to end: option rules (exit 2 naming the option), a --db import with a report
// line per file (exit 1 when one failed, the rest imported), a re-run that changes nothing, and --server.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { openStore } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { run } from "../../../programs/cli/commands/import";
import { TEST_READERS, report, trajectory } from "../../../test/fixtures/importers/test-readers";
import { evalZipBomb } from "../../../programs/reliability/hostile-zip-bomb";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-import-cli-"));
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

/** run1/trajs/*.json, run1/report.json, and optionally a file nobody reads. */
function runFolder(withJunk = true): string {
  const root = path.join(tempDir(), "run1");
  fs.mkdirSync(path.join(root, "trajs"), { recursive: true });
  fs.writeFileSync(path.join(root, "trajs", "a-1.json"), trajectory("a-1"));
  fs.writeFileSync(path.join(root, "trajs", "b-2.json"), trajectory("b-2"));
  fs.writeFileSync(path.join(root, "report.json"), report({ "a-1": "resolved", "b-2": "unresolved" }));
  if (withJunk) fs.writeFileSync(path.join(root, "notes.txt"), "not a trajectory");
  return root;
}

const deps = { readers: TEST_READERS };

describe("harness-lab import: options", () => {
  it("exits 2 and names what is missing or wrong", async () => {
    const dir = runFolder();
    const db = path.join(tempDir(), "lab.db");
    expect(await run(["--experiment", "x", "--db", db], deps)).toBe(2);
    expect(err).toContain("PATH is required");
    expect(await run([dir, "--db", db], deps)).toBe(2);
    expect(err).toContain("--experiment is required");
    expect(await run([dir, "--experiment", "x"], deps)).toBe(2);
    expect(err).toContain("no target");
    expect(await run([dir, "--experiment", "x", "--db", db, "--server", "http://x.test"], deps)).toBe(2);
    expect(err).toContain("not both");
    expect(await run([dir, "--experiment", "x", "--server", "http://x.test"], deps)).toBe(2);
    expect(err).toContain("no token");
    expect(await run([dir, "--experiment", "x", "--db", db, "--bogus"], deps)).toBe(2);
    expect(err).toContain("--bogus");
    expect(await run([path.join(dir, "missing"), "--experiment", "x", "--db", db], deps)).toBe(2);
    expect(err).toMatch(/PATH .*missing does not exist/);
    expect(await run([dir, "--experiment", "x", "--run", "r".repeat(1001), "--db", db], deps)).toBe(2);
    expect(err).toContain("--run must be at most 1000 characters");
  });
});

describe("harness-lab import --db", () => {
  it("prints a line per file and the totals; exits 1 when a file failed, after importing the others", async () => {
    const dir = runFolder();
    fs.writeFileSync(path.join(dir, "bad.json"), "{}");
    const db = path.join(tempDir(), "lab.db");
    expect(await run([dir, "--experiment", "My import", "--harness", "H0", "--db", db], deps)).toBe(1);
    expect(out).toContain('experiment "My import" (my-import, new)');
    expect(out).toMatch(/run1\/trajs\/a-1\.json +test-traj +1 rollout/);
    expect(out).toMatch(/run1\/report\.json +test-report +2 verdicts/);
    expect(out).toMatch(/run1\/bad\.json +- +FAILED file: not a recognised trajectory, log or report format/);
    expect(out).toMatch(/run1\/notes\.txt +- +skipped: documentation, not data/);
    expect(out).toContain("5 files: 3 imported, 1 failed, 1 skipped (not data); 2 rollouts, 2 verdicts");
    expect(out).toMatch(/applied: +experiment 1, run 1, harness_version 1, task 2, source_file 2, rollout 2, eval_result 1/);

    const store = openStore(db);
    try {
      const rows = store.sqlite.prepare("SELECT r.success, r.reward, r.harness_version_id IS NOT NULL AS h, e.kind FROM rollouts r JOIN runs e ON e.id = r.run_id ORDER BY r.task_id").all();
      expect(rows).toEqual([{ success: 1, reward: 1, h: 1, kind: "import" }, { success: 0, reward: 0, h: 1, kind: "import" }]);
    } finally {
      store.sqlite.close();
    }
  });

  it("exits 0 when every file imported, and a re-run changes nothing", async () => {
    const dir = runFolder(false);
    const db = path.join(tempDir(), "lab.db");
    expect(await run([dir, "--experiment", "x", "--run", "first", "--db", db], deps)).toBe(0);
    out = "";
    // Found by its name this time; the same run, the same ids.
    expect(await run([dir, "--experiment", "x", "--run", "first", "--db", db], deps)).toBe(0);
    expect(out).toContain('experiment "x" (x)');
    expect(out).toMatch(/applied: +none/);
    expect(out).toMatch(/unchanged: +run 1, task 2, source_file 2, rollout 2, eval_result 1/);
  });
});

describe("harness-lab import --server", () => {
  it("looks the experiment up through the read API and sends the events with the token", async () => {
    const store = openStore(":memory:");
    applyEvents(store, [{ type: "experiment", id: "exp-9", name: "Existing", method: "grpo" }]);
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "GET" && req.url === "/api/v1/experiments") {
        return send(200, { experiments: store.sqlite.prepare("SELECT id, name FROM experiments").all() });
      }
      const one = /^\/api\/v1\/experiments\/([^/?]+)$/.exec(req.url ?? "");
      if (req.method === "GET" && one) {
        const experiment = store.sqlite.prepare("SELECT id, name FROM experiments WHERE id = ?").get(decodeURIComponent(one[1]!));
        return experiment ? send(200, { experiment, harnessVersions: [] }) : send(404, { error: "not found" });
      }
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        const outcome = applyEvents(store, JSON.parse(body) as unknown[]);
        send(outcome.ok ? 200 : outcome.status, outcome.ok ? { applied: outcome.applied, unchanged: outcome.unchanged } : { error: "refused", errors: outcome.errors });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      vi.stubEnv("HARNESS_LAB_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      vi.stubEnv("HARNESS_LAB_TOKEN", "secret");
      expect(await run([runFolder(false), "--experiment", "Existing"], deps)).toBe(0);
      expect(out).toContain('experiment "Existing" (exp-9)');
      expect(seen.every((line) => line.endsWith("Bearer secret"))).toBe(true);
      expect(seen.some((line) => line.startsWith("POST /api/v1/events"))).toBe(true);
      expect((store.sqlite.prepare("SELECT count(*) AS n FROM rollouts WHERE experiment_id = 'exp-9'").get() as { n: number }).n).toBe(2);
    } finally {
      server.close();
      store.sqlite.close();
    }
  });
});

describe("harness-lab import: a zip bomb", () => {
  it("refuses a 1 MB .eval that inflates to 1 GB by entry, inflating nothing of it, and writes nothing", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "bomb.eval"), evalZipBomb());
    const db = path.join(tempDir(), "lab.db");
    const started = performance.now();
    expect(await run([path.join(dir, "bomb.eval"), "--experiment", "bombed", "--db", db])).toBe(1);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(out).toMatch(/bomb\.eval.*samples\/1_epoch_1\.json: declares 262144000 bytes uncompressed, more than the 67108864 allowed per entry/s);
    const store = openStore(db);
    try {
      expect((store.sqlite.prepare("SELECT count(*) AS n FROM experiments").get() as { n: number }).n).toBe(0);
    } finally {
      store.sqlite.close();
    }
  });
});
