// Drives an ImportSession against an async target (a store file or a server), in batches: several files'
// units go in one request or transaction; when the target refuses a batch, its units are sent one by one so
// only the file at fault is reported and the others still get in. Used by the CLI and the bench.
import type { EventProblem, HarnessLabEvent, HarnessLabEventInput } from "../../events/contract";
import { HarnessLabError, type HarnessLabClient } from "../../client/harness-lab-client";
import type { Counts, ImportReport } from "./report";
import type { ImportSession, PreparedUnit } from "./session";

export type ApplyResult = { ok: true; applied: Counts; unchanged: Counts } | { ok: false; status: number; errors: EventProblem[] };
/** Applies one batch all-or-nothing; throws when the target cannot be reached or refuses for another reason. */
export type ApplyFn = (batch: { inputs: HarnessLabEventInput[]; events: HarnessLabEvent[] }) => Promise<ApplyResult>;

export interface BatchOptions {
  maxBatchEvents?: number;
  /** Sum of the units' weights (about their files' bytes) per batch. */
  maxBatchWeight?: number;
}

export const DEFAULT_IMPORT_BATCH_EVENTS = 500;
export const DEFAULT_IMPORT_BATCH_WEIGHT = 8 * 1024 * 1024;

export async function runImport(session: ImportSession, apply: ApplyFn, options: BatchOptions = {}): Promise<ImportReport> {
  const maxEvents = Math.max(1, options.maxBatchEvents ?? DEFAULT_IMPORT_BATCH_EVENTS);
  const maxWeight = Math.max(1, options.maxBatchWeight ?? DEFAULT_IMPORT_BATCH_WEIGHT);
  session.scan();
  // The experiment and run go with the first batch, so an import that yields nothing creates nothing.
  let header: PreparedUnit | undefined = session.header();
  let pending: PreparedUnit[] = [];
  let events = 0;
  let weight = 0;
  const flush = async () => {
    const units = pending;
    pending = [];
    events = 0;
    weight = 0;
    await applyUnits(session, apply, units);
  };
  const add = async (unit: PreparedUnit) => {
    if (header) {
      pending.push(header);
      events += header.events.length;
      header = undefined;
    }
    if (pending.length > 0 && (events + unit.events.length > maxEvents || weight + unit.weight > maxWeight)) await flush();
    pending.push(unit);
    events += unit.events.length;
    weight += unit.weight;
  };
  for (const unit of session.fileUnits()) await add(unit);
  await flush();
  // Only now is it known which rollouts the store took, which the eval results may link to.
  for (const unit of session.reportUnits()) await add(unit);
  await flush();
  return session.report();
}

async function applyUnits(session: ImportSession, apply: ApplyFn, units: PreparedUnit[]): Promise<void> {
  if (units.length === 0) return;
  const sent = new Set<string>();
  const parts = units.map((unit) => session.toSend(unit, sent));
  const result = await apply({ inputs: parts.flatMap((p) => p.inputs), events: parts.flatMap((p) => p.events) });
  if (result.ok) {
    session.count(result.applied, result.unchanged);
    for (const unit of units) session.stored(unit);
    return;
  }
  if (units.length === 1) {
    session.refused(units[0]!, session.describeStoreProblem(parts[0]!.events, result.errors[0] ?? { index: -1, path: "", message: "refused" }));
    return;
  }
  // Find the unit(s) at fault; the others go in on their own.
  for (const unit of units) await applyUnits(session, apply, [unit]);
}

/** The batch through POST /api/v1/events; 400/409 with problems are the target's refusals, the rest throws. */
export function httpApply(client: HarnessLabClient): ApplyFn {
  return async ({ inputs }) => {
    try {
      const summary = await client.postEvents(inputs);
      return { ok: true, applied: summary.applied, unchanged: summary.unchanged };
    } catch (error) {
      if (error instanceof HarnessLabError && (error.status === 400 || error.status === 409) && error.errors.length > 0) {
        return { ok: false, status: error.status, errors: error.errors };
      }
      throw error;
    }
  };
}
