// One rollout as the trajectory viewer opens it: the header (task, outcome, run, step, GRPO group,
// harness version, checkpoint, source file, evaluator verdicts) and a summary of every turn whose long
// fields are cut to previews. Full texts come later, one turn at a time (rollout-turn-content.ts), so
// a 2 MB trajectory does not travel in the first page load.
import "server-only";
import type { Store } from "../client";
import { decodeRolloutRow, ROLLOUT_ROW_COLUMNS, ROLLOUT_ROW_JOINS, type RolloutRow, type Stored } from "./rollout-row";
import type { HookPosition } from "../../lib/domain/vocabulary";
import type { FieldSummary, HookSummary, TurnSummary } from "../../lib/trajectory/types";
import { previewCharsFor, summarizeField } from "../../lib/trajectory/preview";
import { actionDisplay, hookFieldKey, turnFieldTexts } from "../../lib/trajectory/turn-fields";

export interface RolloutVerdict {
  evalRunId: string;
  benchmark: string;
  repeatIndex: number;
  harnessLabel: string | null;
  checkpointName: string | null;
  success: boolean;
  reward: number | null;
  details: Record<string, unknown> | null;
  /** "rollout" when the result names this rollout; "run-and-task" when it was found by its run and task. */
  matchedBy: "rollout" | "run-and-task";
}

/** The viewer's header: the one rollout projection, with the run's kind, the task's title, the checkpoint's step and the source file. */
export interface RolloutHeader extends RolloutRow {
  runKind: string;
  taskTitle: string | null;
  checkpointStep: number | null;
  sourceFile: { id: string; name: string; format: string; size: number } | null;
}

export interface RolloutView {
  rollout: RolloutHeader;
  /** The submitted patch as a preview with its size; the whole patch is fetched on demand. */
  submission: FieldSummary | null;
  verdicts: RolloutVerdict[];
  turns: TurnSummary[];
}

type HeaderRow = Stored<Omit<RolloutHeader, "sourceFile">> & {
  submission: string | null;
  sourceFileId: string | null;
  sourceFileName: string | null;
  sourceFileFormat: string | null;
  sourceFileSize: number | null;
};

function readHeader(store: Store, id: string): HeaderRow | undefined {
  return store.sqlite.prepare(
    `SELECT ${ROLLOUT_ROW_COLUMNS}, ru.kind AS runKind, t.title AS taskTitle, c.step AS checkpointStep,
            r.submission, sf.id AS sourceFileId, sf.name AS sourceFileName, sf.format AS sourceFileFormat, sf.size AS sourceFileSize
       ${ROLLOUT_ROW_JOINS}
       LEFT JOIN source_files sf ON sf.id = r.source_file_id
      WHERE r.id = ?`,
  ).get(id) as HeaderRow | undefined;
}

type VerdictRow = Omit<RolloutVerdict, "success" | "details" | "matchedBy"> & { success: number; details: string | null; byRollout: number };

/**
 * Evaluator verdicts for the rollout: results that name it or that set its outcome (a joined verdict links
 * only the first of the rollouts it judged, e.g. step 1 of a multi-step Harbor trial, yet judged them all),
 * or else results of an evaluation in the same run for the same task (a SWE-bench report imported next to
 * its trajectories).
 */
export function listRolloutVerdicts(store: Store, rollout: { id: string; runId: string; taskId: string }): RolloutVerdict[] {
  const rows = store.sqlite.prepare(
    `SELECT er.id AS evalRunId, er.benchmark, er.repeat_index AS repeatIndex, h.label AS harnessLabel,
            COALESCE(c.name, c.model) AS checkpointName, res.success, res.reward, res.details,
            ((res.rollout_id IS NOT NULL AND res.rollout_id = @id) OR (res.eval_run_id = o.outcome AND res.task_id = @task)) AS byRollout
       FROM eval_results res
       JOIN eval_runs er ON er.id = res.eval_run_id
       LEFT JOIN (SELECT outcome_eval_run_id AS outcome FROM rollouts WHERE id = @id) o ON 1
       LEFT JOIN harness_versions h ON h.id = er.harness_version_id
       LEFT JOIN checkpoints c ON c.id = er.checkpoint_id
      WHERE res.rollout_id = @id OR (res.eval_run_id = o.outcome AND res.task_id = @task)
         OR (er.run_id = @run AND res.task_id = @task AND res.rollout_id IS NULL)
      ORDER BY byRollout DESC, er.created_at, er.id`,
  ).all({ id: rollout.id, run: rollout.runId, task: rollout.taskId }) as VerdictRow[];
  const byRollout = rows.filter((r) => r.byRollout === 1);
  return (byRollout.length > 0 ? byRollout : rows).map(({ byRollout: by, success, details, ...row }) => ({
    ...row,
    success: success === 1,
    details: details === null ? null : (JSON.parse(details) as Record<string, unknown>),
    matchedBy: by === 1 ? "rollout" : "run-and-task",
  }));
}

export interface TurnRow {
  idx: number;
  role: string;
  content: string;
  reasoning: string | null;
  action: string | null;
  observation: string | null;
  returnCode: number | null;
  formatError: number;
  tokens: number | null;
  hasRaw: number;
}

export interface HookRow {
  turnIdx: number;
  seq: number;
  position: HookPosition;
  hook: string | null;
  effect: string | null;
  message: string | null;
}

export function readTurnRows(store: Store, rolloutId: string, idx?: number): TurnRow[] {
  const one = idx === undefined ? "" : "AND idx = @idx";
  return store.sqlite.prepare(
    `SELECT idx, role, content, reasoning, action, observation, return_code AS returnCode, format_error AS formatError, tokens,
            raw IS NOT NULL AS hasRaw
       FROM turns WHERE rollout_id = @rolloutId ${one} ORDER BY idx`,
  ).all({ rolloutId, idx }) as TurnRow[];
}

/** Hook rows grouped by turn index. */
export function readHookRows(store: Store, rolloutId: string, idx?: number): Map<number, HookRow[]> {
  const one = idx === undefined ? "" : "AND turn_idx = @idx";
  const rows = store.sqlite.prepare(
    `SELECT turn_idx AS turnIdx, seq, position, hook, effect, message FROM hook_events
      WHERE rollout_id = @rolloutId ${one} ORDER BY turn_idx, seq`,
  ).all({ rolloutId, idx }) as HookRow[];
  const byTurn = new Map<number, HookRow[]>();
  for (const row of rows) {
    const list = byTurn.get(row.turnIdx);
    if (list) list.push(row);
    else byTurn.set(row.turnIdx, [row]);
  }
  return byTurn;
}

export const parseAction = (action: string | null) => (action === null ? null : (JSON.parse(action) as Record<string, unknown>));

function summarizeTurn(row: TurnRow, texts: Array<[string, string]>, hooks: HookRow[], previewChars: number): TurnSummary {
  const action = parseAction(row.action);
  const fields = texts.map(([key, text]) => summarizeField(key, text, previewChars));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const hookSummaries: HookSummary[] = hooks.map((h) => ({
    seq: h.seq, position: h.position, hook: h.hook, effect: h.effect, message: byKey.get(hookFieldKey(h.seq)) ?? null,
  }));
  return {
    idx: row.idx,
    role: row.role,
    returnCode: row.returnCode,
    formatError: row.formatError === 1,
    tokens: row.tokens,
    hasRaw: row.hasRaw === 1,
    actionKind: action ? actionDisplay(action).kind : null,
    fields: fields.filter((f) => !f.key.startsWith("hook:")),
    hooks: hookSummaries,
  };
}

export function getRolloutView(store: Store, id: string): RolloutView | null {
  const row = readHeader(store, id);
  if (!row) return null;
  const { submission, sourceFileId, sourceFileName, sourceFileFormat, sourceFileSize, ...rest } = row;
  const rollout: RolloutHeader = {
    ...decodeRolloutRow(rest),
    sourceFile: sourceFileId === null ? null : { id: sourceFileId, name: sourceFileName!, format: sourceFileFormat!, size: sourceFileSize! },
  };
  const hooks = readHookRows(store, id);
  const rows = readTurnRows(store, id);
  const texts = rows.map((t) => turnFieldTexts({ ...t, action: parseAction(t.action) }, hooks.get(t.idx) ?? []));
  const previewChars = previewCharsFor(texts.flatMap((fields) => fields.map(([, text]) => text.length)));
  return {
    rollout,
    submission: submission === null || submission === "" ? null : summarizeField("submission", submission),
    verdicts: listRolloutVerdicts(store, rollout),
    turns: rows.map((t, i) => summarizeTurn(t, texts[i], hooks.get(t.idx) ?? [], previewChars)),
  };
}

/** The task key of a rollout, for its tab title (the whole view would read every turn twice). */
export function getRolloutTaskKey(store: Store, id: string): string | null {
  const row = store.sqlite.prepare("SELECT t.key FROM rollouts r JOIN tasks t ON t.id = r.task_id WHERE r.id = ?").pluck().get(id) as string | undefined;
  return row ?? null;
}
