// The two places a synced batch can go: a Harness Lab server over HTTP, or a store file opened in this process.
// Both answer the same way (applied/unchanged counts, or 400/409 with problems indexed within the batch).
import path from "node:path";
import type { Store } from "../../../db/client";
import type { EventProblem } from "../../events/contract";
import { HarnessLabError, type Counts, type HarnessLabClient } from "../../client/harness-lab-client";

export type SyncTarget = { kind: "http"; client: HarnessLabClient } | { kind: "db"; store: Store };

export type BatchOutcome =
  | { ok: true; applied: Counts; unchanged: Counts }
  | { ok: false; status: number; error: string; errors: EventProblem[] };

export interface BatchItem {
  /** The line as read; sent as is over HTTP, so the server sees exactly what the producer wrote. */
  text: string;
  value: unknown;
  file: string;
  line: number;
}

/** The identity offsets are recorded under. Never includes the token: the state file is not a secret. */
export function targetKey(target: SyncTarget): string {
  if (target.kind === "http") return `http:${target.client.url}`;
  const file = target.store.file;
  return `db:${file === ":memory:" ? file : path.resolve(file)}`;
}

export function describeTarget(target: SyncTarget): string {
  return target.kind === "http" ? target.client.url : target.store.file;
}

export async function applyBatch(target: SyncTarget, batch: readonly BatchItem[]): Promise<BatchOutcome> {
  if (target.kind === "db") {
    // Loaded on demand: the db module is server-only, and the http mode must work in any Node process.
    const { applyEvents } = await import("../../../db/apply-events");
    const outcome = applyEvents(target.store, batch.map((item) => item.value));
    if (outcome.ok) return { ok: true, applied: outcome.applied, unchanged: outcome.unchanged };
    return { ok: false, status: outcome.status, error: outcome.status === 409 ? "conflicts with stored data" : "invalid events", errors: outcome.errors };
  }
  try {
    const summary = await target.client.postJsonTexts(batch.map((item) => item.text));
    return { ok: true, applied: summary.applied, unchanged: summary.unchanged };
  } catch (error) {
    if (!(error instanceof HarnessLabError)) throw error;
    return { ok: false, status: error.status, error: error.reason, errors: error.errors };
  }
}
