import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { ChildProcess } from "node:child_process";
import { backupStore } from "./store-backup";
import { seedStore, startWriter, stopProcess, tempDir } from "./test-support";
import { writerTurns } from "../../../programs/bench/writer-child";

const rolloutCount = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM rollouts").pluck().get() as number;
  } finally {
    db.close();
  }
};

let writer: ChildProcess | undefined;
const dirs: string[] = [];
afterEach(async () => {
  if (writer) await stopProcess(writer);
  writer = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("backupStore", () => {
  it("copies a store while another process keeps writing: sound, self-contained, only whole rollouts", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = path.join(dir, "live.db");
    seedStore(store, "w", 1500);
    writer = await startWriter(store, "w", 1500);
    const before = rolloutCount(store);
    const destination = path.join(dir, "copy.db");
    const progress: number[] = [];
    // Small steps, and after the second one wait (between steps) until the writer has committed again: the
    // backup is then certainly restarted by a write from another process, and must still finish whole.
    const watcher = new Database(store, { readonly: true });
    const waitForWrite = () => {
      const seen = watcher.prepare("SELECT count(*) FROM rollouts").pluck().get() as number;
      const deadline = Date.now() + 10_000;
      while ((watcher.prepare("SELECT count(*) FROM rollouts").pluck().get() as number) === seen && Date.now() < deadline);
    };
    const outcome = await backupStore({
      store, destination, pagesPerStep: 64,
      onProgress: (copied) => progress.push(copied) === 2 && waitForWrite(),
    });
    watcher.close();
    const after = rolloutCount(store);
    await stopProcess(writer);
    writer = undefined;

    expect(outcome).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    expect(after).toBeGreaterThan(before); // the writer really wrote during the backup
    expect(outcome.restarts).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toBeLessThan(outcome.facts.pages);
    // No temp file left, and no -wal beside the copy (the killed writer's own -wal/-shm are not ours).
    expect(fs.readdirSync(dir).filter((f) => !f.startsWith("live.db")).sort()).toEqual(["copy.db"]);

    const copy = new Database(destination, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      expect(copy.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get()).toBeGreaterThan(0);
      const rows = copy.prepare("SELECT r.id, r.num_turns AS declared, (SELECT count(*) FROM turns t WHERE t.rollout_id = r.id) AS stored FROM rollouts r").all() as { id: string; declared: number; stored: number }[];
      expect(rows.length).toBeGreaterThanOrEqual(before);
      expect(rows.length).toBeLessThanOrEqual(after);
      expect(outcome.facts.rollouts).toBe(rows.length);
      const torn = rows.filter((r) => {
        const expected = writerTurns(Number(r.id.split("-").pop()));
        return r.stored !== expected || r.declared !== expected;
      });
      expect(torn).toEqual([]);
    } finally {
      copy.close();
    }
  });

  it("refuses an existing FILE without force, a missing store, and the store itself, writing nothing", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const store = path.join(dir, "s.db");
    seedStore(store, "r", 3);
    const existing = path.join(dir, "old.db");
    fs.writeFileSync(existing, "keep me");
    expect(await backupStore({ store, destination: existing })).toMatchObject({ ok: false, reason: "destination-exists" });
    expect(fs.readFileSync(existing, "utf8")).toBe("keep me");
    expect(await backupStore({ store: path.join(dir, "nope.db"), destination: path.join(dir, "b.db") })).toMatchObject({ ok: false, reason: "store-missing" });
    expect(fs.existsSync(path.join(dir, "nope.db"))).toBe(false);
    expect(await backupStore({ store, destination: store, force: true })).toMatchObject({ ok: false, reason: "same-file" });
    expect(fs.readdirSync(dir).sort()).toEqual(["old.db", "s.db"]);

    const forced = await backupStore({ store, destination: existing, force: true });
    expect(forced).toMatchObject({ ok: true, facts: { rollouts: 3, experiments: 1 } });
  });
});
