import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { openStore } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { benchRollout } from "../../../programs/bench/synthetic-rollouts";
import { backupStore } from "./store-backup";
import { restoreStore } from "./store-restore";
import { storeContentHash } from "./content-hash";
import { directorySnapshot, seedStore, startWriter, stopProcess, tempDir } from "./test-support";

const rollouts = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT count(*) FROM rollouts").pluck().get() as number;
  } finally {
    db.close();
  }
};

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fixture() {
  const dir = tempDir();
  dirs.push(dir);
  const store = path.join(dir, "store.db");
  seedStore(store, "a", 40);
  return { dir, store, backup: path.join(dir, "backup.db") };
}

describe("restoreStore", () => {
  it("gives back exactly the backup after the store changed, keeping the replaced store whole", async () => {
    const { dir, store, backup } = fixture();
    expect(await backupStore({ store, destination: backup })).toMatchObject({ ok: true });
    const backedUp = storeContentHash(backup);
    expect(storeContentHash(store)).toBe(backedUp);

    // Change the store: fewer hook events, then more rollouts from a writer process killed mid-stream, whose
    // last commits stay in the -wal (a crashed server leaves its store like this).
    const live = openStore(store);
    live.sqlite.prepare("DELETE FROM hook_events").run();
    live.sqlite.close();
    const writer = await startWriter(store, "a", 1000);
    await waitFor(() => rollouts(store) >= 60);
    await stopProcess(writer);
    expect(fs.statSync(`${store}-wal`).size).toBeGreaterThan(0);
    const changed = storeContentHash(store);
    const changedRollouts = rollouts(store);
    expect(changed).not.toBe(backedUp);

    const now = new Date("2026-01-02T03:04:05.678Z");
    const refused = await restoreStore({ backup, store });
    expect(refused).toMatchObject({ ok: false, reason: "store-not-empty" });
    expect(storeContentHash(store)).toBe(changed);

    const outcome = await restoreStore({ backup, store, force: true, now });
    expect(outcome).toMatchObject({ ok: true, level: { kind: "current" }, facts: { rollouts: 40, experiments: 1, journalMode: "delete" } });
    expect(storeContentHash(store)).toBe(backedUp);
    const kept = `${store}.before-restore-2026-01-02T03-04-05-678Z`;
    expect(outcome.ok && outcome.keptAs).toBe(kept);
    expect(storeContentHash(kept)).toBe(changed);
    expect(rollouts(kept)).toBe(changedRollouts);
    expect(fs.readdirSync(dir).sort()).toEqual(["backup.db", "store.db", path.basename(kept)]);

    // The restored store opens as a server opens it, and takes new data.
    const again = openStore(store);
    expect(applyEvents(again, [benchRollout("a", 900, 1, 100)])).toMatchObject({ ok: true });
    expect(again.sqlite.prepare("SELECT count(*) FROM rollouts").pluck().get()).toBe(41);
    again.sqlite.close();
  });

  it("restores into a missing or freshly migrated store without --force, and accepts an older schema", async () => {
    const { dir, store, backup } = fixture();
    expect(await backupStore({ store, destination: backup })).toMatchObject({ ok: true });
    const fresh = path.join(dir, "sub", "fresh.db");
    expect(await restoreStore({ backup, store: fresh })).toMatchObject({ ok: true, keptAs: null });
    expect(storeContentHash(fresh)).toBe(storeContentHash(backup));

    const empty = path.join(dir, "empty.db");
    openStore(empty).sqlite.close();
    expect(await restoreStore({ backup, store: empty })).toMatchObject({ ok: true, keptAs: null });

    // A backup made before the last migration (0016 says how a comparison's sides were paired) is older than the code: the
    // server migrates it on start.
    const older = path.join(dir, "older.db");
    fs.copyFileSync(backup, older);
    const db = new Database(older);
    db.exec("ALTER TABLE comparisons DROP COLUMN pairing");
    db.prepare("DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)").run();
    db.close();
    const target = path.join(dir, "target.db");
    const outcome = await restoreStore({ backup: older, store: target });
    expect(outcome).toMatchObject({ ok: true, level: { kind: "older" } });
    const migrated = openStore(target);
    expect(migrated.sqlite.prepare("SELECT name FROM pragma_table_info('comparisons')").pluck().all()).toContain("pairing");
    migrated.sqlite.close();
  });

  it("refuses a backup with newer migrations or that is not a store, leaving the target as it was", async () => {
    const { dir, store, backup } = fixture();
    expect(await backupStore({ store, destination: backup })).toMatchObject({ ok: true });
    const newer = path.join(dir, "newer.db");
    fs.copyFileSync(backup, newer);
    const db = new Database(newer);
    db.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', ?)").run(Date.parse("2100-01-01"));
    db.close();
    const plain = path.join(dir, "plain.db");
    new Database(plain).exec("CREATE TABLE notes (x)");
    const text = path.join(dir, "text.db");
    fs.writeFileSync(text, "SQLite format 3 is what this is not\n".repeat(200));
    const before = directorySnapshot(dir);

    for (const [file, reason] of [[newer, "backup-newer"], [plain, "backup-not-harness-lab"], [text, "backup-not-sqlite"], [path.join(dir, "nope.db"), "backup-missing"], [store, "same-file"]] as const) {
      expect(await restoreStore({ backup: file, store, force: true }), file).toMatchObject({ ok: false, reason });
    }
    expect(directorySnapshot(dir)).toEqual(before);
  });
});
