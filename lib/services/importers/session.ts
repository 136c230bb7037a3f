// One import, step by step, shared by the CLI, the bench and the upload route (which differ only in how
// they apply the units: batched and async, or in one transaction).
//
// Reading is two passes, so memory stays bounded by one file however many files there are:
//   1. scan: every file is read once, in name order; verdicts and facts (small) are kept in the join
//      index, trajectories are only counted and dropped.
//   2. fileUnits: the files with rollouts are read and parsed again one by one, joined with the verdicts
//      and facts of ALL files, turned into events, validated and handed out one unit at a time.
// Parsing twice costs little: on 500 × 200 KB files it is about 1 s of 10, the store's inserts are the rest
// (measured; keeping parses between the passes saved nothing and raised the peak memory by 50 %).
// Then reportUnits gives the eval results, linked to the rollouts that were actually stored.
import { validateEvent, type EventProblem, type HarnessLabEvent, type HarnessLabEventInput } from "../../events/contract";
import { Assembler, contentHashOf, type EventUnit } from "./assemble";
import { JoinIndex } from "./join";
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_TOTAL_BYTES, formatBytes } from "./limits";
import { isUnrecognised, readImportFile, type ReadOutcome } from "./registry";
import { notDataReason } from "./not-data";
import { groupConversationFolders } from "./conversation-folders";
import { addCounts, failedFile, newFileReport, summarise, type Counts, type FileProblem, type FileReport, type ImportReport } from "./report";
import type { FileSource } from "./sources";
import type { ImportTarget } from "./target";
import type { FormatReader, InputFile, InstanceFact } from "./types";

export interface SessionOptions {
  readers: readonly FormatReader[];
  maxFileBytes?: number;
  maxTotalBytes?: number;
  /**
   * Reads one file; readImportFile with `readers` when not given. The upload route passes the outcomes its
   * worker thread read (lib/services/importers/read-off-thread.ts), so no file is inflated or parsed on the server's
   * request thread.
   */
  readFile?: (file: InputFile) => ReadOutcome;
}

/** A unit ready to apply: the events as sent (inputs) and as validated (events), index for index. */
export interface PreparedUnit {
  file: string | null;
  inputs: HarnessLabEventInput[];
  events: HarnessLabEvent[];
  rolloutIds: string[];
  /** Rough size, for batching. */
  weight: number;
}

/** Says a sidecar's instances have no trajectory in this import (replaced once a store was asked, lateFilled). */
const NO_TRAJECTORY_NOTE = "have no trajectory in this import";

/** The import's own records were refused: nothing of it can be stored. */
export class ImportAbort extends Error {}

export class ImportSession {
  readonly join = new JoinIndex();
  readonly assembler: Assembler;
  private readonly files = new Map<string, FileReport>();
  private readonly withRollouts: string[] = [];
  private readonly storedRollouts = new Set<string>();
  /** Sidecar files (preds.json, exit statuses) and the instances of this import's trajectories. */
  private readonly factFiles: Array<{ report: FileReport; facts: InstanceFact[] }> = [];
  private readonly withTrajectory = new Set<string>();
  private readonly committedTasks = new Set<string>();
  private headerStored = false;
  readonly applied: Counts = {};
  readonly unchanged: Counts = {};

  private readonly source: FileSource;

  constructor(source: FileSource, readonly target: ImportTarget, private readonly options: SessionOptions) {
    // A conversation folder of one file per event (OpenHands V1) is read as one file.
    this.source = groupConversationFolders(source);
    this.assembler = new Assembler(target, this.join);
    for (const refused of source.refused) this.files.set(refused.file, refused);
    for (const skipped of source.skipped ?? []) this.files.set(skipped.file, skipped);
  }

  /** Pass 1. */
  scan(): void {
    const maxFile = this.options.maxFileBytes ?? MAX_IMPORT_FILE_BYTES;
    const maxTotal = this.options.maxTotalBytes ?? MAX_IMPORT_TOTAL_BYTES;
    let total = 0;
    const withTrajectory = this.withTrajectory;
    for (const entry of this.source.entries) {
      if (entry.size > maxFile) {
        this.files.set(entry.name, failedFile(entry.name, entry.size, "file", `${formatBytes(entry.size)} is over the limit of ${formatBytes(maxFile)} per file`));
        continue;
      }
      if (total + entry.size > maxTotal) {
        this.files.set(entry.name, failedFile(entry.name, entry.size, "file", `the import's limit of ${formatBytes(maxTotal)} in all was reached before this file; import it separately`));
        continue;
      }
      total += entry.size;
      const report = newFileReport(entry.name, entry.size);
      this.files.set(entry.name, report);
      const outcome = this.read(entry.name);
      report.format = outcome.format;
      if (!outcome.ok) {
        // A README, an image or a log beside the data is not a failed import: it is listed as skipped.
        const notData = isUnrecognised(outcome) ? notDataReason(entry.name) : undefined;
        if (notData) report.skipped = notData;
        else report.problem = { field: outcome.field, reason: outcome.reason };
        continue;
      }
      const { parsed } = outcome;
      if (parsed.notData !== undefined) {
        report.skipped = parsed.notData;
        continue;
      }
      report.rollouts = parsed.rollouts.length;
      report.verdicts = parsed.reports.reduce((n, r) => n + r.verdicts.length, 0);
      report.facts = parsed.facts.length;
      this.join.addFacts(parsed.facts);
      if (parsed.accounting) report.accounting = parsed.accounting;
      const disagreements = this.join.addReports(entry.name, parsed.reports, contentHashOf(outcome.bytes));
      if (disagreements > 0) report.notes.push(`${disagreements} verdict(s) disagree with an earlier report; rollouts take the earlier one`);
      if (report.rollouts + report.verdicts + report.facts === 0 && !parsed.reports.some((r) => r.reported)) report.notes.push("nothing to import in this file");
      if (parsed.rollouts.length > 0) this.withRollouts.push(entry.name);
      for (const rollout of parsed.rollouts) withTrajectory.add(rollout.instanceId);
      if (parsed.facts.length > 0) this.factFiles.push({ report, facts: parsed.facts });
    }
    // A sidecar's facts travel on the rollouts of this import (a stored rollout takes the ones it lacks): say so
    // when some of its instances have no trajectory here, rather than importing it without a word.
    for (const { report, facts } of this.factFiles) {
      const instances = new Set(facts.map((f) => f.instanceId));
      const alone = [...instances].filter((id) => !withTrajectory.has(id)).length;
      if (alone > 0) {
        report.notes.push(`${alone} of its ${instances.size} instance(s) ${NO_TRAJECTORY_NOTE}; its facts fill the rollouts ` +
          "they are imported with: import it together with their trajectories (the folder)");
      }
    }
  }

  /**
   * The facts of each sidecar file about instances with no trajectory in this import: a target that holds a
   * store fills the run's rollouts stored earlier with them (db/apply/rollout-fill-late.ts), then tells lateFilled.
   */
  lateFacts(): Array<{ file: string; facts: InstanceFact[] }> {
    return this.factFiles
      .filter(({ report }) => report.problem === undefined)
      .map(({ report, facts }) => ({ file: report.file, facts: facts.filter((f) => !this.withTrajectory.has(f.instanceId)) }))
      .filter(({ facts }) => facts.length > 0);
  }

  /** What filling the stored rollouts with a sidecar's late facts did: its report line says so instead of "import it with them". */
  lateFilled(file: string, outcome: { filled: number; unchanged: number; missing: string[] } | FileProblem): void {
    const report = this.files.get(file)!;
    report.notes = report.notes.filter((n) => !n.includes(NO_TRAJECTORY_NOTE));
    if ("field" in outcome) {
      this.fail(report, outcome);
      return;
    }
    this.count(outcome.filled > 0 ? { rollout: outcome.filled } : {}, outcome.unchanged > 0 ? { rollout: outcome.unchanged } : {});
    if (outcome.filled > 0) report.notes.push(`filled what ${outcome.filled} rollout(s) imported earlier into run "${this.target.runName}" did not know (exit status, submission, model)`);
    if (outcome.missing.length > 0) {
      report.notes.push(`${outcome.missing.length} of its instance(s) have no rollout in run "${this.target.runName}" yet; its facts fill the rollouts ` +
        "stored before it or imported with it: import it again after their trajectories, or together with them (the folder)");
    }
  }

  /**
   * A sidecar's late facts sent to a server's import (`harness-lab import --server`: POST /api/v1/imports fills the
   * stored rollouts there): its report line becomes the server's line for it, or the refusal.
   */
  lateFilledRemotely(file: string, answer: ImportReport | FileProblem): void {
    const report = this.files.get(file)!;
    report.notes = report.notes.filter((n) => !n.includes(NO_TRAJECTORY_NOTE));
    const line = "field" in answer ? answer : answer.files.find((f) => f.file === file);
    if (line === undefined) {
      this.fail(report, { field: "files", reason: `the server's import answered without a line for ${file}` });
      return;
    }
    if ("field" in line) {
      this.fail(report, line);
      return;
    }
    if (line.problem) {
      this.fail(report, line.problem);
      return;
    }
    report.notes.push(...line.notes.map((n) => `${n} (on the server)`));
    if (!("field" in answer)) this.count(answer.totals.applied, answer.totals.unchanged);
  }

  private read(name: string) {
    let bytes: Uint8Array;
    try {
      bytes = this.source.load(name);
    } catch (error) {
      return { ok: false as const, format: null, field: "file", reason: `cannot be read: ${(error as Error).message}` };
    }
    const outcome = this.options.readFile ? this.options.readFile({ name, bytes }) : readImportFile({ name, bytes }, this.options.readers);
    return outcome.ok ? { ...outcome, bytes } : outcome;
  }

  /** The experiment, run and harness version; an invalid one is a bug or a bad option, so it aborts. */
  header(): PreparedUnit {
    const prepared = this.prepare(this.assembler.headerUnit(), 0);
    if (!prepared.ok) throw new ImportAbort(`the import's own records are invalid: ${prepared.problem.field}: ${prepared.problem.reason}`);
    return prepared.unit;
  }

  /** Pass 2: one unit per file with rollouts; a file that fails here gets its report line and no unit. */
  *fileUnits(): Generator<PreparedUnit> {
    for (const name of this.withRollouts) {
      const report = this.files.get(name)!;
      const entry = this.read(name);
      if (!entry.ok) {
        this.fail(report, { field: entry.field, reason: `${entry.reason} (on the second reading: did the file change during the import?)` });
        continue;
      }
      const built = this.assembler.fileUnit({ name, bytes: entry.bytes, text: entry.text }, entry.format, entry.parsed);
      report.notes.push(...built.notes);
      const prepared = this.prepare(built.unit, entry.bytes.byteLength, built.rolloutIds);
      if (!prepared.ok) {
        this.fail(report, prepared.problem);
        continue;
      }
      yield prepared.unit;
    }
  }

  /** Eval results of every report file, linking only rollouts that were stored. Call after the file units are applied. */
  reportUnits(): PreparedUnit[] {
    const units: PreparedUnit[] = [];
    for (const { file, unit, notes } of this.assembler.reportUnits((id) => this.storedRollouts.has(id))) {
      const report = this.files.get(file)!;
      report.notes.push(...notes);
      if (unit.events.length === 0) continue;
      const prepared = this.prepare(unit, 0);
      if (!prepared.ok) this.fail(report, prepared.problem);
      else units.push(prepared.unit);
    }
    return units;
  }

  /** The unit's events minus tasks already stored by an earlier unit (each unit carries its own tasks). */
  toSend(unit: PreparedUnit, alsoSent: Set<string> = new Set()): { inputs: HarnessLabEventInput[]; events: HarnessLabEvent[] } {
    const inputs: HarnessLabEventInput[] = [];
    const events: HarnessLabEvent[] = [];
    unit.events.forEach((event, i) => {
      if (event.type === "task") {
        if (this.committedTasks.has(event.id) || alsoSent.has(event.id)) return;
        alsoSent.add(event.id);
      }
      inputs.push(unit.inputs[i]!);
      events.push(event);
    });
    return { inputs, events };
  }

  /** The store took the unit: its rollouts can be linked, its tasks need not be sent again. */
  stored(unit: PreparedUnit): void {
    if (unit.file === null) this.headerStored = true;
    for (const id of unit.rolloutIds) this.storedRollouts.add(id);
    for (const event of unit.events) if (event.type === "task") this.committedTasks.add(event.id);
    if (unit.file !== null) {
      const report = this.files.get(unit.file)!;
      if (unit.rolloutIds.length > 0) report.rolloutIds = unit.rolloutIds;
    }
  }

  /** The store refused the unit (a changed immutable record, a reference to nothing). */
  refused(unit: PreparedUnit, problem: FileProblem): void {
    if (unit.file === null) throw new ImportAbort(`the store refused the import's own records: ${problem.field}: ${problem.reason}`);
    this.fail(this.files.get(unit.file)!, problem);
  }

  /** Names the event of `unit` a store problem (index within `sent`) is about. */
  describeStoreProblem(sent: readonly HarnessLabEvent[], problem: EventProblem): FileProblem {
    const event = sent[problem.index];
    const what = event ? `${event.type}${"id" in event && typeof event.id === "string" ? ` ${event.id}` : ""}` : "an event";
    if (event?.type === "rollout" && /already exists with different content/.test(problem.message)) {
      // The same instance was imported into this run before from other bytes (a re-run, an edited file).
      return {
        field: "rollout",
        reason: `rollout ${event.id} (task ${event.task}) was imported into run "${this.target.runName}" before from a different version of this file; ` +
          `rollouts are immutable: to keep this version too, import it into a new run (--run NAME)`,
      };
    }
    if (event?.type === "rollout" && /^(exit_status|submission|metadata\.model)$/.test(problem.path)) {
      // A known fact of the stored rollout differs (db/apply/rollout-fill.ts): the file or a sidecar says otherwise now.
      const said = problem.message.replace(/^rollout "[^"]*" /, "").replace(/\. A known value is immutable.*$/, "");
      return {
        field: problem.path,
        reason: `rollout ${event.id} (task ${event.task}) was imported into run "${this.target.runName}" before from a different version of this file or its sidecars: ` +
          `it ${said}; rollouts are immutable (only unknown facts are filled): to keep this version too, import it into a new run (--run NAME)`,
      };
    }
    return { field: problem.path || (event?.type ?? "file"), reason: `${problem.message} (${what})` };
  }

  count(applied: Counts, unchanged: Counts): void {
    addCounts(this.applied, applied);
    addCounts(this.unchanged, unchanged);
  }

  report(): ImportReport {
    const files = [...this.files.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const t = this.target;
    const totals = summarise(files, this.applied, this.unchanged);
    return {
      experiment: { id: t.experimentId, name: t.experimentName, created: t.createExperiment && this.headerStored },
      run: { id: t.runId, name: t.runName },
      ...(t.harness ? { harnessVersion: { id: t.harness.id, label: t.harness.label, created: t.harness.create && this.headerStored } } : {}),
      benchmark: t.benchmark,
      files,
      totals,
      ok: totals.failed === 0,
    };
  }

  private fail(report: FileReport, problem: FileProblem): void {
    report.problem = problem;
    report.rollouts = 0;
    report.rolloutIds = [];
  }

  private prepare(unit: EventUnit, weight: number, rolloutIds: string[] = []): { ok: true; unit: PreparedUnit } | { ok: false; problem: FileProblem } {
    const events: HarnessLabEvent[] = [];
    for (let i = 0; i < unit.events.length; i++) {
      const input = unit.events[i]!;
      const result = validateEvent(input, i);
      if (!result.ok) {
        const first = result.problems[0]!;
        const id = "id" in input && typeof input.id === "string" ? ` ${input.id}` : "";
        return { ok: false, problem: { field: first.path || "file", reason: `${first.message} (in the ${input.type} event${id})` } };
      }
      events.push(result.event);
    }
    return { ok: true, unit: { file: unit.file, inputs: unit.events, events, rolloutIds, weight } };
  }
}
