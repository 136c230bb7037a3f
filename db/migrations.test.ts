// An existing store upgrades in place: turns written before they had their own ids (and before the
// full-text index) survive migration 0002/0003 and become searchable.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder holding only the first `count` migrations, as an older release shipped it. */
function olderMigrations(count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-migrations-"));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

describe("migrations", () => {
  it("keep turns stored by an older release and index them for full-text search", () => {
    const sqlite = new Database(":memory:");
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite);
    migrate(db, { migrationsFolder: olderMigrations(2) });
    const now = Date.now();
    sqlite.exec(`
      INSERT INTO experiments (id, name, method, created_at, updated_at) VALUES ('e', 'E', 'custom', ${now}, ${now});
      INSERT INTO runs (id, experiment_id, kind, status, created_at, updated_at) VALUES ('r', 'e', 'eval', 'finished', ${now}, ${now});
      INSERT INTO tasks (id, key, benchmark, content_hash, created_at) VALUES ('t', 'k', 'b', 'h', ${now});
      INSERT INTO rollouts (id, experiment_id, run_id, task_id, purpose, success, truncated, num_turns, source_format, content_hash, created_at)
        VALUES ('ro', 'e', 'r', 't', 'eval', 0, 0, 2, 'x', 'h', ${now});
      INSERT INTO turns (rollout_id, idx, role, content, observation, format_error) VALUES
        ('ro', 0, 'assistant', 'run the flaky test', NULL, 0),
        ('ro', 1, 'environment', '', 'Traceback: ZeroDivisionError', 0);
    `);

    migrate(db, { migrationsFolder: migrationsFolder() });

    const turns = sqlite.prepare("SELECT id, idx, content FROM turns WHERE rollout_id = 'ro' ORDER BY idx").all() as Array<{ id: number; idx: number }>;
    expect(turns.map((t) => t.idx)).toEqual([0, 1]);
    expect(new Set(turns.map((t) => t.id)).size).toBe(2);
    const hit = sqlite.prepare("SELECT t.idx FROM turns_fts JOIN turns t ON t.id = turns_fts.rowid WHERE turns_fts MATCH 'zerodivisionerror'").pluck().all();
    expect(hit).toEqual([1]);
    expect(sqlite.prepare("PRAGMA integrity_check").pluck().get()).toBe("ok");
  });

  it("fill the full-text time marks of the turns an older release indexed", () => {
    const sqlite = new Database(":memory:");
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite);
    migrate(db, { migrationsFolder: olderMigrations(13) });
    const t0 = Date.UTC(2026, 0, 1);
    sqlite.exec(`
      INSERT INTO experiments (id, name, method, created_at, updated_at) VALUES ('e', 'E', 'custom', ${t0}, ${t0});
      INSERT INTO runs (id, experiment_id, kind, status, created_at, updated_at) VALUES ('r', 'e', 'eval', 'finished', ${t0}, ${t0});
      INSERT INTO tasks (id, key, benchmark, content_hash, created_at) VALUES ('t', 'k', 'b', 'h', ${t0});
    `);
    const rollout = sqlite.prepare(`INSERT INTO rollouts (id, experiment_id, run_id, task_id, purpose, success, truncated, num_turns, source_format, content_hash, created_at)
      VALUES (?, 'e', 'r', 't', 'eval', 0, 0, 3, 'x', 'h', ?)`);
    const turn = sqlite.prepare("INSERT INTO turns (rollout_id, idx, role, content, format_error) VALUES (?, ?, 'assistant', 'word', 0)");
    // 400 rollouts of 3 turns (several blocks of 256 turn ids), created_at mostly rising, a few out of order.
    for (let i = 0; i < 400; i++) {
      rollout.run(`ro-${i}`, t0 + (i % 37 === 0 ? 500 - i : i) * 1000);
      for (let k = 0; k < 3; k++) turn.run(`ro-${i}`, k);
    }
    // The older release indexed all but the last turns (its indexer had not caught up).
    sqlite.exec(`INSERT INTO turns_fts (rowid, content, reasoning, observation) SELECT id, content, reasoning, observation FROM turns WHERE id <= 1000;
      UPDATE turns_fts_progress SET indexed_upto = 1000 WHERE id = 1;`);

    migrate(db, { migrationsFolder: migrationsFolder() });

    const marks = sqlite.prepare("SELECT chunk, max_created_at FROM turns_fts_time_marks ORDER BY chunk").all();
    // Recomputed from the rows: per block of 256 turn ids, the latest created_at of its rollouts or any before.
    const rows = sqlite.prepare("SELECT t.id, r.created_at AS at FROM turns t JOIN rollouts r ON r.id = t.rollout_id WHERE t.id <= 1000 ORDER BY t.id").all() as { id: number; at: number }[];
    const recomputed: { chunk: number; max_created_at: number }[] = [];
    for (const row of rows) {
      const chunk = Math.floor(row.id / 256);
      const last = recomputed[recomputed.length - 1];
      if (last?.chunk === chunk) last.max_created_at = Math.max(last.max_created_at, row.at);
      else recomputed.push({ chunk, max_created_at: Math.max(last?.max_created_at ?? row.at, row.at) });
    }
    expect(marks).toEqual(recomputed);
    expect(marks.length).toBe(4);
  });
});
