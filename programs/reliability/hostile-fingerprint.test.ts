import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { openStore, type Store } from "../../db/client";
import { applyEvents } from "../../db/apply-events";
import { exampleEvents } from "../../lib/events/examples";
import { fileFingerprint, logicalFingerprint, noCommitBetween } from "./hostile-fingerprint";

let dir: string;
let store: Store;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-fp-"));
  store = openStore(path.join(dir, "s.db"));
  applyEvents(store, exampleEvents("fp"));
});
afterEach(() => {
  store.sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("store fingerprints", () => {
  it("stay the same through reads and a refused (rolled back) write", () => {
    const files = fileFingerprint(store.file);
    const rows = logicalFingerprint(store.file);
    expect(files.wal).not.toBeNull();
    store.sqlite.prepare("SELECT count(*) FROM rollouts").get();
    expect(() => store.sqlite.transaction(() => {
      store.sqlite.prepare("UPDATE experiments SET name = ?").run("changed");
      throw new Error("refused");
    })()).toThrow("refused");
    expect(noCommitBetween(files, fileFingerprint(store.file))).toBe(true);
    expect(logicalFingerprint(store.file)).toEqual(rows);
  });

  it("see no commit when frames committed earlier are checkpointed into the store's file, as the server's checkpoint thread does", () => {
    store.sqlite.pragma("wal_autocheckpoint = 0");
    applyEvents(store, [{ type: "experiment", id: "fp-earlier", name: "committed before the fingerprint", method: "custom" }]);
    const files = fileFingerprint(store.file);
    const rows = logicalFingerprint(store.file);
    const checkpointer = new Database(store.file);
    try {
      checkpointer.pragma("wal_checkpoint(PASSIVE)");
    } finally {
      checkpointer.close();
    }
    const after = fileFingerprint(store.file);
    // The store's file did change (the copy), yet nothing was committed and the rows are the same.
    expect(after.db).not.toBe(files.db);
    expect(noCommitBetween(files, after)).toBe(true);
    expect(logicalFingerprint(store.file)).toEqual(rows);
  });

  it("change with one committed write, both of them", () => {
    const files = fileFingerprint(store.file);
    const rows = logicalFingerprint(store.file);
    applyEvents(store, [{ type: "experiment", id: "fp-control", name: "control", method: "custom" }]);
    expect(noCommitBetween(files, fileFingerprint(store.file))).toBe(false);
    expect(logicalFingerprint(store.file).hash).not.toBe(rows.hash);
    expect(logicalFingerprint(store.file).rows).toBe(rows.rows + 1);
  });
});
