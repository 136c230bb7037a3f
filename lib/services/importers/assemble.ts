// Joins what the readers got out of the files into events of the contract, deterministically: the same
// files into the same target give byte-identical events, so a re-import is answered "unchanged".
//
// Identity comes from content, never from the path as typed: importing a parent folder, a subfolder or a
// single file, in any order, gives the same events for the same bytes.
// Join rules (documented for the viewer's users):
// - A rollout's event carries only what its own file says: its outcome, else success false with reward
//   null (outcome unknown). Evaluation verdicts are NOT baked in: each report becomes an eval_result with
//   join_rollouts, and the store gives its verdicts to the run's rollouts whose outcome is unknown,
//   whichever arrives first (db/apply/verdict-join.ts). So a report imported later still joins.
// - Exit status and submission: the trajectory's, else a sidecar's (exit_statuses_*.yaml, preds).
// - Rollout id: prefixedId("rollout", experiment, run, task, attempt, hash of the turns): the trajectory's own
//   content, so it is the same whichever other files are imported with it, in any order (two runs' trajectories
//   of one instance are two rollouts, each with its own id). The same trajectory twice (an Inspect log as .json
//   and as .eval) is stored once; only files with the same turns but other details get "-2", "-3"… in name order.
// - Source file id: prefixedId("source", experiment, sha256 of the bytes), named by the file's base name.
// - One eval_result per report (id from experiment, run, sha256 of the report's bytes, index). A verdict on
//   one attempt (a Harbor trial's result.json) names it, so it joins that trial's rollout only.
import { createHash } from "node:crypto";
import { prefixedId } from "../../client/ids";
import { eventHash } from "../../events/canonical-json";
import { MAX_SOURCE_FILE_CHARS } from "../../events/source-file-event";
import type { HarnessLabEventInput } from "../../events/contract";
import { JoinIndex, isEvaluated } from "./join";
import type { ImportTarget } from "./target";
import type { ParsedFile, RolloutDraft, ReportDraft } from "./types";
import { formatBytes } from "./limits";

export interface EventUnit {
  /** The file the events came from; null for the import's own records (experiment, run, harness version). */
  file: string | null;
  events: HarnessLabEventInput[];
}

export interface SourceText {
  name: string;
  bytes: Uint8Array;
  /** The file as UTF-8 text, or null for a binary file (kept as base64). */
  text: string | null;
}

type Task = Extract<HarnessLabEventInput, { type: "task" }>;
type Rollout = Extract<HarnessLabEventInput, { type: "rollout" }>;
type EvalResult = Extract<HarnessLabEventInput, { type: "eval_result" }>;

export class Assembler {
  private readonly attempts = new Map<string, number>();
  private readonly rolloutsByInstance = new Map<string, Array<{ id: string; task: string; benchmark: string }>>();
  /** Content fingerprints of the rollouts placed so far under each base id, with the file they came from. */
  private readonly seen = new Map<string, Array<{ fingerprint: string; file: string; id: string }>>();

  constructor(readonly target: ImportTarget, readonly join: JoinIndex) {}

  /** The experiment (only when new), the run and the harness version (only when new); parents first. */
  headerUnit(): EventUnit {
    const t = this.target;
    const events: HarnessLabEventInput[] = [];
    if (t.createExperiment) events.push({ type: "experiment", id: t.experimentId, name: t.experimentName, method: "custom" });
    events.push({ type: "run", id: t.runId, experiment: t.experimentId, kind: "import", status: "finished", name: t.runName });
    if (t.harness?.create) {
      events.push({ type: "harness_version", id: t.harness.id, experiment: t.experimentId, label: t.harness.label, origin: "import", files: [] });
    }
    return { file: null, events };
  }

  /** Tasks, the original file and the rollouts of one trajectory file. */
  fileUnit(file: SourceText, format: string, parsed: ParsedFile): { unit: EventUnit; rolloutIds: string[]; notes: string[] } {
    const t = this.target;
    const notes: string[] = [];
    const events: HarnessLabEventInput[] = [];
    const tasks = new Map<string, Task>();
    const rollouts: Rollout[] = [];
    const sourceId = sourceFileId(t.experimentId, file.bytes);
    const content = file.text ?? Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString("base64");
    const keepSource = content.length <= MAX_SOURCE_FILE_CHARS;
    if (!keepSource) notes.push(`the original (${formatBytes(file.bytes.byteLength)}) is too large to keep for download`);

    for (const draft of parsed.rollouts) {
      const benchmark = draft.benchmark || t.benchmark;
      const taskId = `${benchmark}:${draft.instanceId}`;
      if (!tasks.has(taskId)) tasks.set(taskId, { type: "task", id: taskId, key: draft.instanceId, benchmark });
      const turnsKey = trajectoryKey(draft);
      const baseId = prefixedId("rollout", t.experimentId, t.runId, taskId, draft.attempt, turnsKey);
      const { turns: _turns, ...head } = this.rolloutEvent(draft, baseId, taskId, "", undefined);
      const fingerprint = eventHash({ ...head, turnsKey });
      const earlier = (this.seen.get(baseId) ?? []).find((r) => r.fingerprint === fingerprint);
      if (earlier) {
        notes.push(`instance ${draft.instanceId}${draft.attempt ? ` attempt ${draft.attempt}` : ""} is the same trajectory as in ${earlier.file}; stored once (rollout ${earlier.id})`);
        continue;
      }
      const n = (this.attempts.get(baseId) ?? 0) + 1;
      this.attempts.set(baseId, n);
      const id = n === 1 ? baseId : `${baseId}-${n}`;
      this.seen.set(baseId, [...(this.seen.get(baseId) ?? []), { fingerprint, file: file.name, id }]);
      if (n > 1) notes.push(`instance ${draft.instanceId}${draft.attempt ? ` attempt ${draft.attempt}` : ""} has the same turns as in ${this.seen.get(baseId)![0]!.file} but other details; stored as rollout ${id}`);
      const known = this.rolloutsByInstance.get(draft.instanceId) ?? [];
      known.push({ id, task: taskId, benchmark });
      this.rolloutsByInstance.set(draft.instanceId, known);
      rollouts.push(this.rolloutEvent(draft, id, taskId, format, keepSource ? sourceId : undefined));
    }
    events.push(...tasks.values());
    if (keepSource && rollouts.length > 0) {
      events.push({
        type: "source_file", id: sourceId, experiment: t.experimentId, name: baseNameOf(file.name), format,
        encoding: file.text === null ? "base64" : "utf8", content,
      });
    }
    events.push(...rollouts);
    return { unit: { file: file.name, events }, rolloutIds: rollouts.map((r) => r.id), notes };
  }

  private rolloutEvent(draft: RolloutDraft, id: string, task: string, format: string, sourceFile: string | undefined): Rollout {
    const t = this.target;
    const fact = this.join.factFor(draft.instanceId);
    const { success, reward } = outcomeOf(draft, undefined);
    const metadata: Record<string, unknown> = { ...draft.metadata };
    const model = draft.model ?? fact?.model;
    if (model !== undefined) metadata.model = model;
    const exitStatus = draft.exitStatus ?? fact?.exitStatus;
    const submission = draft.submission ?? fact?.submission;
    return {
      type: "rollout",
      id,
      experiment: t.experimentId,
      run: t.runId,
      task,
      ...(t.harness ? { harness_version: t.harness.id } : {}),
      purpose: "eval",
      reward,
      success,
      ...(exitStatus !== undefined ? { exit_status: exitStatus } : {}),
      truncated: draft.truncated ?? false,
      ...(draft.truncationKind && draft.truncated ? { truncation_kind: draft.truncationKind } : {}),
      ...(draft.tokens ? { tokens: draft.tokens } : {}),
      ...(draft.costUsd !== undefined ? { cost_usd: draft.costUsd } : {}),
      ...(draft.durationMs !== undefined ? { duration_ms: Math.round(draft.durationMs) } : {}),
      ...(submission !== undefined ? { submission } : {}),
      source_format: format,
      ...(sourceFile ? { source_file: sourceFile } : {}),
      ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
      ...(draft.startedAt !== undefined ? { started_at: Math.round(draft.startedAt) } : {}),
      turns: draft.turns,
    };
  }

  /**
   * One unit per report file: the tasks of its verdicts and one eval_result per report in it. `stored`
   * says whether a rollout made it into the store (a file refused there must not be linked to).
   */
  reportUnits(stored: (rolloutId: string) => boolean): Array<{ file: string; unit: EventUnit; notes: string[] }> {
    return this.join.reportFiles.map(({ file, reports, contentHash }) => {
      const notes: string[] = [];
      const tasks = new Map<string, Task>();
      const evals: EvalResult[] = [];
      reports.forEach((report, index) => {
        const built = this.evalResult(contentHash, index, report, tasks);
        if (built.duplicates > 0) notes.push(`${built.duplicates} verdict(s) repeat an instance already in this report; the first is kept`);
        if (built.event) evals.push(built.event);
        else notes.push(`report ${index + 1} has no verdicts and no summary numbers; nothing to store`);
      });
      return { file, unit: { file, events: [...tasks.values(), ...evals] }, notes };
    });
  }

  private evalResult(contentHash: string, index: number, report: ReportDraft, tasks: Map<string, Task>) {
    const t = this.target;
    const seen = new Set<string>();
    let duplicates = 0;
    const results: NonNullable<EvalResult["results"]> = [];
    for (const verdict of report.verdicts) {
      if (!isEvaluated(verdict)) continue;
      if (seen.has(verdict.instanceId)) {
        duplicates += 1;
        continue;
      }
      seen.add(verdict.instanceId);
      const rollouts = this.rolloutsByInstance.get(verdict.instanceId) ?? [];
      const benchmark = rollouts[0]?.benchmark ?? t.benchmark;
      const task = `${benchmark}:${verdict.instanceId}`;
      if (!tasks.has(task)) tasks.set(task, { type: "task", id: task, key: verdict.instanceId, benchmark });
      results.push({
        task, success: verdict.success, reward: verdict.success ? 1 : 0,
        ...(verdict.attempt !== undefined ? { attempt: verdict.attempt } : {}),
        details: { ...verdict.details, status: verdict.status },
      });
    }
    if (results.length === 0 && !report.reported) return { event: undefined, duplicates };
    const event: EvalResult = {
      type: "eval_result",
      id: prefixedId("eval", t.experimentId, t.runId, contentHash, index),
      experiment: t.experimentId,
      run: t.runId,
      join_rollouts: true,
      ...(t.harness ? { harness_version: t.harness.id } : {}),
      benchmark: t.benchmark,
      results,
      ...(report.reported ? { reported: report.reported } : {}),
    };
    return { event, duplicates };
  }
}

/**
 * What identifies a trajectory whatever else is imported with it: the hash of its turns. So an instance's rollout
 * id never depends on which other files (another run's trajectory of the same instance, sidecars, reports) are in
 * the import, while an edited file whose turns are the same (a changed exit status) keeps its id and is told apart.
 */
export function trajectoryKey(draft: Pick<RolloutDraft, "turns">): string {
  return eventHash({ turns: draft.turns }).slice(0, 32);
}

/** The id of an imported original: the experiment and the bytes, so any path spelling gives the same record. */
export function sourceFileId(experimentId: string, bytes: Uint8Array): string {
  return prefixedId("source", experimentId, contentHashOf(bytes));
}

export function contentHashOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function baseNameOf(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

/** A verdict wins; else the trajectory's own success/reward; else unknown (success false, reward null). */
export function outcomeOf(draft: Pick<RolloutDraft, "success" | "reward">, verdictSuccess: boolean | undefined): { success: boolean; reward: number | null } {
  if (verdictSuccess !== undefined) return { success: verdictSuccess, reward: verdictSuccess ? 1 : 0 };
  if (draft.success !== undefined) return { success: draft.success, reward: draft.reward !== undefined ? draft.reward : draft.success ? 1 : 0 };
  return { success: false, reward: draft.reward ?? null };
}

export interface ParsedInput {
  file: SourceText;
  format: string;
  parsed: ParsedFile;
}

/** The join of every file's facts and verdicts, in the order given (name order: the first verdict wins). */
export function joinOf(files: Array<{ file: { name: string; bytes?: Uint8Array }; parsed: ParsedFile }>): JoinIndex {
  const join = new JoinIndex();
  for (const { file, parsed } of files) {
    join.addFacts(parsed.facts);
    join.addReports(file.name, parsed.reports, contentHashOf(file.bytes ?? new TextEncoder().encode(file.name)));
  }
  return join;
}

/**
 * The whole import as one list of units, for callers that hold every parsed file at once (tests): the
 * header, one unit per file with rollouts (in the order given), one per report file; every rollout counts
 * as stored. The importer itself streams (see pipeline.ts) but builds the same units the same way.
 */
export function assemble(files: ParsedInput[], target: ImportTarget): EventUnit[] {
  const assembler = new Assembler(target, joinOf(files));
  const units = [assembler.headerUnit()];
  for (const { file, format, parsed } of files) {
    if (parsed.rollouts.length > 0) units.push(assembler.fileUnit(file, format, parsed).unit);
  }
  units.push(...assembler.reportUnits(() => true).map((r) => r.unit));
  return units;
}
