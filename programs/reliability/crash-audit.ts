// After the crash-safety run: is every rollout there exactly once, whole, and is the file sound? Reads the
// store file directly (the server is stopped by then) through its own connection. It changes nothing but
// the full-text index, which it brings up to date first as the server would (turns are indexed lazily).
import { openStore } from "../../db/client";
import { indexPendingTurns } from "../../db/full-text-index";
import { timeMarksBelowRows } from "../../db/full-text-time-marks";
import { CRASH_PREFIX, expectedRollout, turnsDigest } from "./crash-rollouts";

export interface CrashAudit {
  expected: number;
  present: number;
  lost: number;
  duplicated: number;
  partial: number;
  unexpected: number;
  integrity_check: string;
  foreign_key_violations: number;
  full_text_index_ok: boolean;
  /** A few ids of each kind of problem, to start looking from. */
  examples: string[];
}

export function auditCrashStore(file: string, producers: number, perProducer: number): CrashAudit {
  const store = openStore(file);
  const db = store.sqlite;
  try {
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
    const foreignKeys = (db.pragma("foreign_key_check") as unknown[]).length;
    const rows = db
      .prepare(`SELECT id, num_turns AS numTurns FROM rollouts WHERE id LIKE ? ESCAPE '\\'`)
      .all(`${CRASH_PREFIX}-p%`) as { id: string; numTurns: number }[];
    const stored = new Map<string, number>();
    const seen = new Map<string, number>();
    for (const row of rows) {
      stored.set(row.id, row.numTurns);
      seen.set(row.id, (seen.get(row.id) ?? 0) + 1);
    }
    // Turns and hooks per rollout, read in one ordered pass so the digest sees turns in idx order.
    const turnRows = db
      .prepare(`SELECT rollout_id AS rolloutId, idx, content, observation FROM turns WHERE rollout_id LIKE ? ORDER BY rollout_id, idx`)
      .iterate(`${CRASH_PREFIX}-p%`) as Iterable<{ rolloutId: string; idx: number; content: string; observation: string | null }>;
    const turnsOf = new Map<string, { count: number; digest: string; duplicateIdx: boolean }>();
    type Group = { id: string; turns: { idx: number; content: string; observation: string | null }[] };
    let current = null as Group | null;
    const close = (group: Group | null) => {
      if (!group) return;
      const idxs = new Set(group.turns.map((t) => t.idx));
      turnsOf.set(group.id, { count: group.turns.length, digest: turnsDigest(group.turns), duplicateIdx: idxs.size !== group.turns.length });
    };
    for (const turn of turnRows) {
      if (current?.id !== turn.rolloutId) {
        close(current);
        current = { id: turn.rolloutId, turns: [] };
      }
      current.turns.push({ idx: turn.idx, content: turn.content, observation: turn.observation });
    }
    close(current);
    const hookCounts = new Map<string, number>();
    for (const row of db.prepare(`SELECT rollout_id AS id, count(*) AS n FROM hook_events WHERE rollout_id LIKE ? GROUP BY rollout_id`).all(`${CRASH_PREFIX}-p%`) as { id: string; n: number }[]) {
      hookCounts.set(row.id, row.n);
    }

    let present = 0;
    let lost = 0;
    let duplicated = 0;
    let partial = 0;
    const examples: string[] = [];
    const note = (what: string) => examples.length < 10 && examples.push(what);
    const expectedIds = new Set<string>();
    for (let p = 0; p < producers; p++) {
      for (let i = 0; i < perProducer; i++) {
        const id = `${CRASH_PREFIX}-p${p}-r${i}`;
        expectedIds.add(id);
        const count = seen.get(id) ?? 0;
        if (count === 0) {
          lost++;
          note(`lost ${id}`);
          continue;
        }
        present++;
        const turns = turnsOf.get(id);
        if (count > 1 || turns?.duplicateIdx) {
          duplicated++;
          note(`duplicated ${id}`);
        }
        const want = expectedRollout(p, i);
        const whole = turns !== undefined && turns.count === want.turns && stored.get(id) === want.turns && turns.digest === want.digest && (hookCounts.get(id) ?? 0) === want.hooks;
        if (!whole) {
          partial++;
          note(`partial ${id}: ${turns?.count ?? 0}/${want.turns} turns, ${hookCounts.get(id) ?? 0}/${want.hooks} hooks`);
        }
      }
    }
    const unexpected = [...seen.keys()].filter((id) => !expectedIds.has(id)).length;
    let fullTextOk = true;
    try {
      indexPendingTurns(store);
      // External-content FTS5 (rank 1): compares the index with the turns it points at.
      db.prepare(`INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)`).run();
      // The time marks are written with the index: a search newest first stops on them (migration 0013).
      if (timeMarksBelowRows(db) > 0) fullTextOk = false;
    } catch {
      fullTextOk = false;
    }
    return {
      expected: expectedIds.size,
      present,
      lost,
      duplicated,
      partial,
      unexpected,
      integrity_check: integrity,
      foreign_key_violations: foreignKeys,
      full_text_index_ok: fullTextOk,
      examples,
    };
  } finally {
    db.close();
  }
}
