// Issue 13, finding 2: on a shared login node the store, its WAL/SHM, backups, exports and job directories
// must be owner-only (0600 files, 0700 directories) whatever the umask. The CLI runs as a user runs it —
// `sh -c "umask 022; exec node bin/harness-lab.mjs …"` — and the modes are read back with stat.
import { afterEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { repoHome, seedStore, tempDir } from "../../../lib/services/backup/test-support";
import { openStore } from "../../../db/client";
import { createFreshDirectory } from "../../../lib/services/jobs/job-files";
import { readableStoreWarnings } from "../../../lib/files/private-files";

/** `harness-lab ARGS` under umask 022 (the usual default, which makes new files 0644 and directories 0755). */
function cliUnderUmask022(args: string[], env: Record<string, string> = {}) {
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  const result = spawnSync("sh", ["-c", `umask 022; exec node bin/harness-lab.mjs ${quoted}`], {
    cwd: repoHome,
    env: { ...process.env, HARNESS_LAB_DB: "", ...env },
    encoding: "utf8",
    timeout: 90_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(4, "0");

const dirs: string[] = [];
let savedUmask: number | undefined;
afterEach(() => {
  if (savedUmask !== undefined) process.umask(savedUmask);
  savedUmask = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function fresh(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

describe("owner-only files whatever the umask", () => {
  it("migrate creates the data directory 0700 and the store 0600", () => {
    const dir = fresh();
    const store = path.join(dir, "data", "nested", "store.db");
    const run = cliUnderUmask022(["migrate"], { HARNESS_LAB_DB: store });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(modeOf(path.join(dir, "data"))).toBe("0700");
    expect(modeOf(path.join(dir, "data", "nested"))).toBe("0700");
    expect(modeOf(store)).toBe("0600");
  }, 120_000);

  it("backup, restore, export and sync write 0600 files (and export a 0700 directory)", () => {
    const dir = fresh();
    const store = path.join(dir, "store.db");
    seedStore(store, "p", 3);
    fs.chmodSync(store, 0o600);

    const backup = path.join(dir, "nightly.db");
    expect(cliUnderUmask022(["backup", backup, "--db", store])).toMatchObject({ status: 0, stderr: "" });
    expect(modeOf(backup)).toBe("0600");

    const restored = path.join(dir, "restored", "store.db");
    expect(cliUnderUmask022(["restore", backup, "--db", restored])).toMatchObject({ status: 0, stderr: "" });
    expect(modeOf(path.join(dir, "restored"))).toBe("0700");
    expect(modeOf(restored)).toBe("0600");

    const exported = path.join(dir, "out", "p-exp");
    expect(cliUnderUmask022(["export", "p-exp", exported, "--db", store])).toMatchObject({ status: 0, stderr: "" });
    expect(modeOf(path.join(dir, "out"))).toBe("0700");
    expect(modeOf(exported)).toBe("0700");
    const files = fs.readdirSync(exported);
    expect(files).toContain("manifest.json");
    expect(files.some((f) => f.endsWith(".jsonl"))).toBe(true);
    for (const file of files) expect([file, modeOf(path.join(exported, file))]).toEqual([file, "0600"]);

    const target = path.join(dir, "target.db");
    const sync = cliUnderUmask022(["sync", exported, "--db", target]);
    expect(sync.status, sync.stderr).toBe(0);
    expect(modeOf(path.join(exported, ".harness-lab-sync.json"))).toBe("0600");
    expect(modeOf(target)).toBe("0600");
  }, 240_000);

  it("an open store's -wal and -shm are 0600, and a job directory and the jobs root are 0700", () => {
    savedUmask = process.umask(0o022);
    const dir = fresh();
    const file = path.join(dir, "data", "store.db");
    const store = openStore(file);
    try {
      store.sqlite.exec("CREATE TABLE IF NOT EXISTS probe (x); INSERT INTO probe VALUES (1)");
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
      expect([modeOf(file), modeOf(`${file}-wal`), modeOf(`${file}-shm`), modeOf(path.join(dir, "data"))]).toEqual(["0600", "0600", "0600", "0700"]);
    } finally {
      store.sqlite.close();
    }
    const job = path.join(dir, "jobs", "job-1");
    createFreshDirectory(job);
    expect([modeOf(path.join(dir, "jobs")), modeOf(job)]).toEqual(["0700", "0700"]);
  });

  it("names a store others can read, its mode and the chmod that fixes it (nothing for a private one)", () => {
    const dir = fresh();
    const file = path.join(dir, "store.db");
    fs.writeFileSync(file, "", { mode: 0o600 });
    expect(readableStoreWarnings(file)).toEqual([]);
    fs.chmodSync(file, 0o644);
    fs.chmodSync(dir, 0o755);
    expect(readableStoreWarnings(file)).toEqual([
      `Harness Lab: warning: the store ${file} is open to other users (mode 0644); the store holds every rollout and the password hashes — fix it with: chmod 600 ${file}`,
      `Harness Lab: warning: the store's directory ${dir} is open to other users (mode 0755); the store holds every rollout and the password hashes — fix it with: chmod 700 ${dir}`,
    ]);
  });
});
