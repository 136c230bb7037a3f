// Migration 0008 (how harness versions arrived): versions stored before it are "unknown" — nobody can say a
// person wrote them — so the trust rule holds them as unreviewed, each experiment's own H0 included (issue 36:
// a reviewer confirms it at its first launch), except a candidate a person accepted in this store (a decision
// made through the form, which carries a nonce).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsFolder, type Store } from "./client";
import { listHarnessTrust } from "./queries/harness-trust";

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

describe("migration 0008 (harness version arrivals)", () => {
  it("marks existing versions unknown: unreviewed, the experiment's H0 too, unless accepted by a person in this store", () => {
    const sqlite = new Database(":memory:");
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite);
    migrate(db, { migrationsFolder: migrationsBefore("0008_unreviewed_harness_versions") });
    sqlite.exec(`
      INSERT INTO experiments (id, name, method, created_at, updated_at) VALUES ('e', 'E', 'custom', 0, 0);
      INSERT INTO harness_versions (id, experiment_id, label, origin, content_hash, created_at) VALUES
        ('h0', 'e', 'H0', 'initial', 'x', 0), ('c1', 'e', 'c1', 'proposal', 'x', 1), ('c2', 'e', 'c2', 'proposal', 'x', 2), ('c3', 'e', 'c3', 'proposal', 'x', 3);
      INSERT INTO proposals (id, experiment_id, kind, title, base_harness_version_id, candidate_harness_version_id, status, content_hash, created_at) VALUES
        ('p1', 'e', 'tool_hook', 'one', 'h0', 'c1', 'accepted', 'x', 1),
        ('p2', 'e', 'tool_hook', 'two', 'h0', 'c2', 'accepted', 'x', 2);
      INSERT INTO decisions (id, proposal_id, verdict, actor_kind, actor, nonce, content_hash, created_at) VALUES
        ('d1', 'p1', 'accept', 'human', 'ada', 'form-nonce', 'x', 10),
        ('d2', 'p2', 'accept', 'human', 'ada', NULL, 'x', 20);
    `);
    migrate(db, { migrationsFolder: migrationsFolder() });
    const trust = listHarnessTrust({ sqlite } as Store, "e");
    expect(trust.map((t) => [t.id, t.arrivedVia, t.reviewedBy, t.unreviewed])).toEqual([
      // an H0 is not exempt: it may have come through a token as well
      ["h0", "unknown", null, true],
      // accepted through the form of this store
      ["c1", "unknown", null, false],
      // a "human" decision that arrived as an event (an export, or a token) vouches for nothing
      ["c2", "unknown", null, true],
      ["c3", "unknown", null, true],
    ]);
  });
});
