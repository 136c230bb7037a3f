// One rollout with its turns and hook events, for the read API (GET /api/v1/rollouts/{id}). The paged,
// filtered list is db/queries/rollout-browser.ts.
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Store } from "../client";
import { rollouts, turns, hookEvents, tasks } from "../schema";

const summaryColumns = {
  id: rollouts.id, experimentId: rollouts.experimentId, runId: rollouts.runId, taskId: rollouts.taskId,
  taskKey: tasks.key, benchmark: tasks.benchmark, harnessVersionId: rollouts.harnessVersionId, checkpointId: rollouts.checkpointId,
  purpose: rollouts.purpose, epoch: rollouts.epoch, step: rollouts.step, groupId: rollouts.groupId, sampleIndex: rollouts.sampleIndex,
  reward: rollouts.reward, success: rollouts.success, exitStatus: rollouts.exitStatus, truncated: rollouts.truncated,
  truncationKind: rollouts.truncationKind, numTurns: rollouts.numTurns, promptTokens: rollouts.promptTokens,
  completionTokens: rollouts.completionTokens, costUsd: rollouts.costUsd, durationMs: rollouts.durationMs,
  sourceFormat: rollouts.sourceFormat, startedAt: rollouts.startedAt, createdAt: rollouts.createdAt,
};

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
