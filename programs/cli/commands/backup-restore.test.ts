// `harness-lab backup` and `restore` as a user runs them: through bin/harness-lab.mjs, in a child process
// (each run starts Node with tsx, ~1-2 s, hence the longer timeouts).
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { storeContentHash } from "../../../lib/services/backup/content-hash";
import { directorySnapshot, repoHome, seedStore, startWriter, stopProcess, tempDir } from "../../../lib/services/backup/test-support";

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join(repoHome, "bin/harness-lab.mjs"), ...args], {
    cwd: repoHome,
    env: { ...process.env, HARNESS_LAB_DB: "", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let holder: ChildProcess | undefined;
const dirs: string[] = [];
afterEach(async () => {
  if (holder) await stopProcess(holder);
  holder = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fixture() {
  const dir = tempDir();
  dirs.push(dir);
  const store = path.join(dir, "store.db");
  seedStore(store, "c", 12);
  return { dir, store };
}

describe("harness-lab backup / restore", () => {
  it("backs up the store named by HARNESS_LAB_DB and restores it over a changed store", () => {
    const { dir, store } = fixture();
    const file = path.join(dir, "nightly.db");
    const backup = cli(["backup", file], { HARNESS_LAB_DB: store });
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^backup written to .*nightly\.db: [\d.]+ MB \(\d+ pages of 4096 B\), 1 experiments, 12 rollouts, \d+ migrations, [\d.]+ s\n$/);

    const again = cli(["backup", file, "--db", store]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("FILE");
    expect(again.stderr).toContain("already exists");
    expect(cli(["backup", path.join(dir, "x.db"), "--db", path.join(dir, "missing.db")])).toMatchObject({ status: 2, stderr: expect.stringContaining("--db: the store") });
    expect(fs.existsSync(path.join(dir, "missing.db"))).toBe(false);

    const db = new Database(store);
    db.prepare("DELETE FROM turns WHERE idx > 0").run();
    db.close();
    const restored = cli(["restore", file, "--db", store, "--force"]);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/^restored .*store\.db from .*nightly\.db: .*12 rollouts.*\nthe replaced store is kept as .*store\.db\.before-restore-/);
    expect(storeContentHash(store)).toBe(storeContentHash(file));
  }, 120_000);

  it("refuses each unsafe restore with exit 2 and a reason, changing no byte of the store", async () => {
    const { dir, store } = fixture();
    const good = path.join(dir, "good.db");
    expect(cli(["backup", good, "--db", store]).status).toBe(0);
    const newer = path.join(dir, "newer.db");
    fs.copyFileSync(good, newer);
    const n = new Database(newer);
    n.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', ?)").run(Date.parse("2100-01-01"));
    n.close();
    const plain = path.join(dir, "plain.db");
    const p = new Database(plain);
    p.exec("CREATE TABLE notes (x); INSERT INTO notes VALUES (1)");
    p.close();
    const text = path.join(dir, "notes.txt");
    fs.writeFileSync(text, "not a database\n".repeat(100));

    const cases: [string[], RegExp][] = [
      [["restore", path.join(dir, "absent.db"), "--db", store, "--force"], /refused \(backup-missing\): FILE: .*absent\.db does not exist/],
      [["restore", text, "--db", store, "--force"], /refused \(backup-not-sqlite\): FILE: .*notes\.txt is not a SQLite database/],
      [["restore", plain, "--db", store, "--force"], /refused \(backup-not-harness-lab\): FILE: .*not a Harness Lab store/],
      [["restore", newer, "--db", store, "--force"], /refused \(backup-newer\): FILE .*newer.*upgrade/],
      [["restore", good, "--db", store], /refused \(store-not-empty\): --db: .*holds data.*--force/],
    ];
    const before = directorySnapshot(dir);
    for (const [args, message] of cases) {
      const result = cli(args);
      expect(result.stderr, args.join(" ")).toMatch(message);
      expect(result.status, args.join(" ")).toBe(2);
    }
    expect(directorySnapshot(dir)).toEqual(before);

    // A process that has the store open (as an idle server does) blocks even a forced restore.
    holder = await startWriter(store, "c", "hold");
    const held = directorySnapshot(dir);
    const busy = cli(["restore", good, "--db", store, "--force"]);
    expect(busy.stderr).toMatch(/refused \(store-in-use\): --db: .*open in another process/);
    expect(busy.status).toBe(2);
    expect(directorySnapshot(dir)).toEqual(held);
    await stopProcess(holder);
    holder = undefined;
    expect(cli(["restore", good, "--db", store, "--force"]).status).toBe(0);
  }, 120_000);
});
