// What the trajectory viewer receives: turn summaries small enough for the first page load (each long
// field cut to a preview with its real size), and the full texts fetched only when a field is expanded.
// Plain data, shared by the server queries, the read API and the client components.
import type { HookPosition } from "../domain/vocabulary";

/**
 * A field of a turn as the viewer shows it: "content", "reasoning", "action", "action_args",
 * "observation", or "hook:<seq>" for a hook's message. Find results point at fields by this key.
 */
export type FieldKey = string;

export interface FieldSize {
  /** Length in UTF-16 code units: the coordinates find results use. */
  length: number;
  /** Size in UTF-8 bytes, for the size hint. */
  bytes: number;
  lines: number;
}

export interface FieldSummary {
  key: FieldKey;
  /** The start of the text, or all of it when `full` is absent. */
  preview: string;
  /** Only when the preview is not the whole text: the whole text's size. (Absent for the many short
   *  fields, which keeps a 2,000-turn summary small.) */
  full?: FieldSize;
}

export interface HookSummary {
  seq: number;
  position: HookPosition;
  hook: string | null;
  effect: string | null;
  message: FieldSummary | null;
}

export interface TurnSummary {
  idx: number;
  role: string;
  returnCode: number | null;
  formatError: boolean;
  tokens: number | null;
  /** Whether the producer's original JSON was kept ("Raw" fetches it). */
  hasRaw: boolean;
  /** "command" when the action carries a shell command, shown as one; "json" for any other action. */
  actionKind: "command" | "json" | null;
  fields: FieldSummary[];
  hooks: HookSummary[];
}

/** Every field of one turn in full, keyed like FieldSummary.key. */
export interface FullTurn {
  idx: number;
  fields: Record<FieldKey, string>;
}

/** One match of a find: the turn, the field and the [start, end) range inside the field's full text. */
export type FindMatch = [turn: number, field: FieldKey, start: number, end: number];

export interface FindResult {
  query: string;
  matches: FindMatch[];
  /** True when there were more matches than the server returns. */
  truncated: boolean;
}
