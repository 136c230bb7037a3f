// A store written before harness promotions existed upgrades in place: each proposal whose latest decision
// is an accept becomes a promotion, labelled H1, H2, … in the order of those decisions (migration 0005).
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

function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-migrations-"));
  dirs.push(dir);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e: { tag: string }) => e.tag === tag));
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries) fs.copyFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

describe("migration 0005 (harness promotions)", () => {
  it("backfills one promotion per proposal that stands accepted, in decision order", () => {
    const sqlite = new Database(":memory:");
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite);
    migrate(db, { migrationsFolder: migrationsBefore("0005_harness_promotions") });
    sqlite.exec(`
      INSERT INTO experiments (id, name, method, created_at, updated_at) VALUES ('e', 'E', 'custom', 0, 0);
      INSERT INTO harness_versions (id, experiment_id, label, origin, content_hash, created_at) VALUES
        ('h0', 'e', 'H0', 'initial', 'x', 0), ('c1', 'e', 'c1', 'proposal', 'x', 1), ('c2', 'e', 'c2', 'proposal', 'x', 2), ('c3', 'e', 'c3', 'proposal', 'x', 3);
      INSERT INTO proposals (id, experiment_id, kind, title, base_harness_version_id, candidate_harness_version_id, status, content_hash, created_at) VALUES
        ('p1', 'e', 'tool_hook', 'one', 'h0', 'c1', 'accepted', 'x', 1),
        ('p2', 'e', 'tool_hook', 'two', 'c1', 'c2', 'rejected', 'x', 2),
        ('p3', 'e', 'tool_hook', 'three', 'c1', 'c3', 'accepted', 'x', 3);
      INSERT INTO decisions (id, proposal_id, verdict, actor_kind, actor, content_hash, created_at) VALUES
        ('d3', 'p3', 'accept', 'rule', 'r', 'x', 30),
        ('d1', 'p1', 'accept', 'rule', 'r', 'x', 10),
        ('d2a', 'p2', 'accept', 'rule', 'r', 'x', 20),
        ('d2b', 'p2', 'reject', 'human', 'ada', 'x', 25);
    `);
    migrate(db, { migrationsFolder: migrationsFolder() });
    expect(sqlite.prepare("SELECT proposal_id, label, kind, harness_version_id FROM harness_promotions ORDER BY label").all()).toEqual([
      { proposal_id: "p1", label: "H1", kind: "promote", harness_version_id: "c1" },
      { proposal_id: "p3", label: "H2", kind: "promote", harness_version_id: "c3" },
    ]);
    expect(() => sqlite.prepare("UPDATE harness_promotions SET label = 'H9'").run()).toThrow(/append-only/);
  });
});
