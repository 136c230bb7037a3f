import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../../db/client";
import { applyEvents } from "../../db/apply-events";
import { indexPendingTurns } from "../../db/full-text-index";
import { auditCrashStore } from "./crash-audit";
import { crashRollout, crashRolloutId, crashSetupEvents } from "./crash-rollouts";

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-crash-audit-"));
  file = path.join(dir, "store.db");
  const store = openStore(file);
  const events = [...crashSetupEvents(), ...Array.from({ length: 2 }, (_, p) => Array.from({ length: 8 }, (_, i) => crashRollout(p, i))).flat()];
  const outcome = applyEvents(store, events);
  expect(outcome.ok).toBe(true);
  store.sqlite.close();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Changes the store behind the applier's back, as a torn write would. */
function tamper(sql: string, ...params: unknown[]) {
  const store = openStore(file);
  store.sqlite.prepare(sql).run(...params);
  store.sqlite.close();
}

describe("auditCrashStore", () => {
  it("finds a store the applier wrote whole: nothing lost, duplicated or partial, the file and the index sound", () => {
    expect(auditCrashStore(file, 2, 8)).toMatchObject({
      expected: 16, present: 16, lost: 0, duplicated: 0, partial: 0, unexpected: 0,
      integrity_check: "ok", foreign_key_violations: 0, full_text_index_ok: true,
    });
  });

  it("counts a rollout that never arrived as lost", () => {
    tamper(`DELETE FROM rollouts WHERE id = ?`, crashRolloutId(1, 3));
    const audit = auditCrashStore(file, 2, 8);
    expect(audit).toMatchObject({ present: 15, lost: 1, partial: 0 });
    expect(audit.examples).toContain(`lost ${crashRolloutId(1, 3)}`);
  });

  it("counts a rollout with a missing turn, a changed turn or a missing hook as partial", () => {
    tamper(`DELETE FROM turns WHERE rollout_id = ? AND idx = 0`, crashRolloutId(0, 1));
    tamper(`UPDATE turns SET content = content || 'x' WHERE rollout_id = ? AND idx = 0`, crashRolloutId(0, 2));
    tamper(`DELETE FROM hook_events WHERE rollout_id = ?`, crashRolloutId(1, 5));
    expect(auditCrashStore(file, 2, 8)).toMatchObject({ lost: 0, partial: 3 });
  });

  it("reports a full-text index out of step with the turns", () => {
    const store = openStore(file);
    indexPendingTurns(store);
    store.sqlite.close();
    tamper(`INSERT INTO turns_fts(turns_fts, rowid, content, reasoning, observation) SELECT 'delete', id, content, reasoning, observation FROM turns LIMIT 1`);
    expect(auditCrashStore(file, 2, 8).full_text_index_ok).toBe(false);
  });

  it("reports full-text time marks below the rollouts of the turns they cover", () => {
    const store = openStore(file);
    indexPendingTurns(store);
    store.sqlite.close();
    expect(auditCrashStore(file, 2, 8).full_text_index_ok).toBe(true);
    tamper(`UPDATE turns_fts_time_marks SET max_created_at = max_created_at - 1 WHERE chunk = (SELECT max(chunk) FROM turns_fts_time_marks)`);
    expect(auditCrashStore(file, 2, 8).full_text_index_ok).toBe(false);
  });

  it("counts rollouts no producer sent", () => {
    expect(auditCrashStore(file, 2, 7)).toMatchObject({ expected: 14, present: 14, unexpected: 2 });
  });
});
