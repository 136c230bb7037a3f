// The seam between format readers and the assembly into contract events. A reader is pure: bytes in,
// drafts out; it never touches the store, ids or other files. The assembly (lib/services/importers/assemble.ts)
// joins drafts across files (trajectories + preds + exit statuses + evaluation reports) and emits events.
import type { z } from "zod";
import type { Turn } from "../../events/rollout-event";
import type { Accounting } from "./accounting";

/** One file handed to the importer. `name` is relative to the import root, with "/" separators. */
export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

/** A file as the registry peeks at it: the text when it decodes as UTF-8 and the JSON when it parses. */
export interface PeekedFile extends InputFile {
  text: string | null;
  json: unknown;
}

export type TurnDraft = z.input<typeof Turn>;

/** One attempt at one task, as read from a trajectory file. */
export interface RolloutDraft {
  /** The task's key in its benchmark, e.g. a SWE-bench instance id "astropy__astropy-12907". */
  instanceId: string;
  /** Distinguishes attempts of one instance inside one file (Inspect epochs); "" when a file holds one. */
  attempt: string;
  /** Benchmark when the file names one (Inspect task name); otherwise the import's default applies. */
  benchmark?: string;
  turns: TurnDraft[];
  /** Known only when the file says so (a score, a resolved flag); a SWE-bench report joined later wins. */
  success?: boolean;
  reward?: number | null;
  exitStatus?: string;
  submission?: string;
  truncated?: boolean;
  truncationKind?: "tokens" | "turns" | "time" | "other";
  tokens?: { prompt?: number; completion?: number };
  costUsd?: number;
  durationMs?: number;
  startedAt?: number;
  model?: string;
  metadata?: Record<string, unknown>;
}

/** Facts about instances from sibling files (preds.json, exit_statuses_*.yaml, all_preds.jsonl). */
export interface InstanceFact {
  instanceId: string;
  exitStatus?: string;
  submission?: string;
  model?: string;
}

/** An evaluator's verdict on one instance (a SWE-bench report line). */
export interface Verdict {
  instanceId: string;
  success: boolean;
  /** e.g. resolved, unresolved, error, empty_patch, incomplete. */
  status: string;
  /** The one attempt it judges (a Harbor trial's name): joins only the rollout whose metadata.attempt is this. */
  attempt?: string;
  /** Shown in the viewer as is: FAIL_TO_PASS / PASS_TO_PASS with success and failure lists, patch flags. */
  details?: Record<string, unknown>;
}

export interface ReportDraft {
  /** Summary numbers the report states (e.g. resolved_instances, total_instances). */
  reported?: Record<string, number>;
  verdicts: Verdict[];
}

/** What a reader got out of one file. */
export interface ParsedFile {
  format: string;
  rollouts: RolloutDraft[];
  facts: InstanceFact[];
  reports: ReportDraft[];
  /** What became of every item of the file (lib/services/importers/accounting.ts); every trajectory reader gives it. */
  accounting?: Accounting;
  /** A producer's bookkeeping the reader recognised (a Harbor job's config.json): listed as skipped with this reason. */
  notData?: string;
}

/** A file a reader recognised but cannot read: the report names the field and the reason. */
export class ImportProblem extends Error {
  constructor(readonly field: string, readonly reason: string) {
    super(`${field}: ${reason}`);
    this.name = "ImportProblem";
  }
}

export interface FormatReader {
  /** Format name recorded as the rollouts' source_format, e.g. "mini-swe-agent-1.1". */
  readonly name: string;
  /** True when this reader is the one for the file; cheap, on the name and the already-parsed JSON. */
  detect(file: PeekedFile): boolean;
  /** Throws ImportProblem for a file it recognised but cannot read. */
  read(file: PeekedFile): ParsedFile;
}
