// The messages between the request thread (db/writer/store-writer.ts) and the writer thread
// (db/writer/writer-thread.ts), so both sides agree on them; and how the writer reads a batch of JSON text.
import type { HarnessLabEvent } from "../../lib/events/contract";
import type { HarnessArrival } from "../../lib/harness-trust/arrival";
import type { ApplyOutcome } from "../apply-events";
import { packedTransfer, parsePackedJson, type PackedJson } from "../../lib/services/ingest/pure/packed-json";
import { readSpoolFile } from "../../lib/files/spool-file";

/**
 * Where a validated batch is: as objects, as the JSON text the parse worker produced (one buffer, a text per
 * event, moved to the writer and parsed as it applies them), or in a spool file.
 */
export type BatchSource = { events: HarnessLabEvent[] } | { packed: PackedJson } | { spoolFile: string };

/** The events of a batch wherever it is, parsed (or read from the spool) one at a time as the applier reaches them. */
export function eventsOfBatch(source: BatchSource): Iterable<HarnessLabEvent> {
  if ("events" in source) return source.events;
  if ("packed" in source) return parsePackedJson(source.packed) as Generator<HarnessLabEvent>;
  return readSpoolFile(source.spoolFile);
}

/** The buffers of a batch to move to the writer thread rather than copy (the sender must not read them after). */
export function batchTransfer(source: BatchSource): ArrayBuffer[] {
  return "packed" in source ? packedTransfer(source.packed) : [];
}

export type WriterRequest =
  | { kind: "apply"; id: number; source: BatchSource; hashes?: string[]; arrivedVia: HarnessArrival }
  /** Index every stored turn not yet in the full-text index, ahead of queued batches (a search waits for it). */
  | { kind: "index"; id: number }
  /**
   * A write of a service (an upload, POST /api/v1/imports), in queue order with the batches: the writer calls
   * `name(store, input)` exported by the module at `module` (a source file, loaded once) and answers its result.
   */
  | { kind: "task"; id: number; module: string; name: string; input: unknown };

/**
 * A search found nothing left to index and did not wait: the writer only notes when, so it keeps indexing each
 * batch's turns in the batch's transaction while searches go on. Not queued, never answered.
 */
export type WriterNotice = { kind: "searched" };

export type WriterReply =
  | { kind: "ready" }
  | { kind: "applied"; id: number; outcome: ApplyOutcome }
  | { kind: "indexed"; id: number; turns: number }
  | { kind: "done"; id: number; output: unknown }
  | { kind: "failed"; id: number; error: string };

/**
 * WAL pages (4 KiB each) past which the writer's commit copies the WAL into the store's file itself: 32 MB,
 * a trainer's step of a few hundred rollouts. Below it the copy waits for a pause in the commits and is the
 * checkpoint thread's (checkpoint-thread.ts). SQLite's default is 1000 pages, about one batch of 100 rollouts.
 */
export const WAL_LIMIT_PAGES = 8192;
/** SQLite's own threshold: a commit copies the WAL past this many pages. Where no checkpoint thread runs. */
export const SQLITE_DEFAULT_WAL_AUTOCHECKPOINT = 1000;
/** How long the writer's commits must pause before the checkpoint thread copies them. */
export const CHECKPOINT_PAUSE_MS = 200;

export interface WriterData {
  file: string;
  /** Quiet time after the last batch before the writer indexes turns in the background. */
  quietMs: number;
  /**
   * Whether a checkpoint thread (db/writer/checkpoint-thread.ts) copies the WAL into the store once commits
   * pause; without one the writer's commits do it themselves, as SQLite does by default.
   */
  checkpointer: boolean;
  /** With the checkpointer: WAL pages past which the writer's own commit copies them (bounds the WAL). */
  walLimitPages: number;
  /** With the checkpointer: how long commits must pause before it copies them (CheckpointerData.delayMs). */
  checkpointDelayMs: number;
}

export interface CheckpointerData {
  file: string;
  /** How long commits must pause before the checkpoint thread copies them. */
  delayMs: number;
}
