// Rollouts for the read API: a filtered, cursor-paged list, and one rollout with its turns and hook events.
import "server-only";
import { and, asc, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { Store } from "../client";
import { rollouts, turns, hookEvents, tasks } from "../schema";
import type { RolloutPurpose } from "../../lib/domain/vocabulary";

export interface RolloutFilter {
  experiment?: string;
  run?: string;
  task?: string;
  purpose?: RolloutPurpose;
  harnessVersion?: string;
  checkpoint?: string;
  step?: number;
  success?: boolean;
}

/** Position after the last row of a page: rows are ordered newest first by (created_at, id). */
export interface RolloutCursor {
  createdAt: number;
  id: string;
}

export function encodeCursor(cursor: RolloutCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

export function decodeCursor(text: string): RolloutCursor | null {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as [unknown, unknown];
    return typeof createdAt === "number" && typeof id === "string" ? { createdAt, id } : null;
  } catch {
    return null;
  }
}

const summaryColumns = {
  id: rollouts.id, experimentId: rollouts.experimentId, runId: rollouts.runId, taskId: rollouts.taskId,
  taskKey: tasks.key, benchmark: tasks.benchmark, harnessVersionId: rollouts.harnessVersionId, checkpointId: rollouts.checkpointId,
  purpose: rollouts.purpose, epoch: rollouts.epoch, step: rollouts.step, groupId: rollouts.groupId, sampleIndex: rollouts.sampleIndex,
  reward: rollouts.reward, success: rollouts.success, exitStatus: rollouts.exitStatus, truncated: rollouts.truncated,
  truncationKind: rollouts.truncationKind, numTurns: rollouts.numTurns, promptTokens: rollouts.promptTokens,
  completionTokens: rollouts.completionTokens, costUsd: rollouts.costUsd, durationMs: rollouts.durationMs,
  sourceFormat: rollouts.sourceFormat, startedAt: rollouts.startedAt, createdAt: rollouts.createdAt,
};

export function listRolloutPage(store: Store, filter: RolloutFilter, limit: number, cursor: RolloutCursor | null) {
  const where: (SQL | undefined)[] = [
    filter.experiment !== undefined ? eq(rollouts.experimentId, filter.experiment) : undefined,
    filter.run !== undefined ? eq(rollouts.runId, filter.run) : undefined,
    filter.task !== undefined ? eq(rollouts.taskId, filter.task) : undefined,
    filter.purpose !== undefined ? eq(rollouts.purpose, filter.purpose) : undefined,
    filter.harnessVersion !== undefined ? eq(rollouts.harnessVersionId, filter.harnessVersion) : undefined,
    filter.checkpoint !== undefined ? eq(rollouts.checkpointId, filter.checkpoint) : undefined,
    filter.step !== undefined ? eq(rollouts.step, filter.step) : undefined,
    filter.success !== undefined ? eq(rollouts.success, filter.success) : undefined,
    cursor ? or(lt(rollouts.createdAt, cursor.createdAt), and(eq(rollouts.createdAt, cursor.createdAt), lt(rollouts.id, cursor.id))) : undefined,
  ];
  const rows = store.db
    .select(summaryColumns)
    .from(rollouts)
    .innerJoin(tasks, eq(tasks.id, rollouts.taskId))
    .where(and(...where))
    .orderBy(desc(rollouts.createdAt), desc(rollouts.id))
    .limit(limit + 1)
    .all();
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rollouts: page, nextCursor: more && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

export function getRolloutWithTurns(store: Store, id: string) {
  const rollout = store.db
    .select({ ...summaryColumns, submission: rollouts.submission, metadata: rollouts.metadata })
    .from(rollouts)
    .innerJoin(tasks, eq(tasks.id, rollouts.taskId))
    .where(eq(rollouts.id, id))
    .get();
  if (!rollout) return null;
  const turnRows = store.db.select().from(turns).where(eq(turns.rolloutId, id)).orderBy(asc(turns.idx)).all();
  const hookRows = store.db.select().from(hookEvents).where(eq(hookEvents.rolloutId, id)).orderBy(asc(hookEvents.turnIdx), asc(hookEvents.seq)).all();
  const hooksByTurn = new Map<number, typeof hookRows>();
  for (const hook of hookRows) {
    const list = hooksByTurn.get(hook.turnIdx) ?? [];
    list.push(hook);
    hooksByTurn.set(hook.turnIdx, list);
  }
  return {
    ...rollout,
    turns: turnRows.map(({ rolloutId: _r, raw, ...turn }) => ({
      ...turn,
      raw: raw === null ? null : (JSON.parse(raw) as unknown),
      hooks: (hooksByTurn.get(turn.idx) ?? []).map(({ rolloutId: _h, turnIdx: _t, ...hook }) => hook),
    })),
  };
}
