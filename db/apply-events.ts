// The one function through which data enters the store. A batch is validated, then applied in one
// transaction: every event applies or none does, and re-applying the same events changes nothing.
import "server-only";
import type { Store } from "./client";
import { validateEvent, type EventProblem, type HarnessLabEvent, type EventType } from "../lib/events/contract";
import { ApplyContext, type ApplyStatus } from "./apply/context";
import { applyExperiment, applyRun, applyHarnessVersion, applyCheckpoint, applyTask, applyMetrics } from "./apply/structure";
import { applyRollout, applySourceFile } from "./apply/rollout";
import { noteIngestion } from "./full-text-index";
import type { HarnessArrival } from "../lib/harness-trust/arrival";
import { applySkill, applyEvolutionRound, applyProposal, applyComparison, applyDecision } from "./apply/evolution";
import { applyEvalResult, applyFailurePacket, applyPatchEvaluation } from "./apply/evaluation";
import { writeTransaction } from "./write-transaction";

export type ApplyOutcome =
  | { ok: true; applied: Record<string, number>; unchanged: Record<string, number> }
  | { ok: false; status: 400 | 409; errors: EventProblem[] };

// Each applier is typed by its own event; the table keeps dispatch in one place.
const APPLIERS: { [T in EventType]: (ctx: ApplyContext, event: Extract<HarnessLabEvent, { type: T }>) => ApplyStatus } = {
  experiment: applyExperiment,
  run: applyRun,
  harness_version: applyHarnessVersion,
  checkpoint: applyCheckpoint,
  task: applyTask,
  metrics: applyMetrics,
  source_file: applySourceFile,
  rollout: applyRollout,
  skill: applySkill,
  evolution_round: applyEvolutionRound,
  proposal: applyProposal,
  comparison: applyComparison,
  decision: applyDecision,
  eval_result: applyEvalResult,
  failure_packet: applyFailurePacket,
  patch_evaluation: applyPatchEvaluation,
};

/** Most problems a response lists; a body with thousands of bad events does not need thousands of lines. */
export const MAX_REPORTED_PROBLEMS = 100;

/** Validates every event; returns the valid ones, or every problem found (up to the cap). */
export function validateEvents(values: unknown[]): { ok: true; events: HarnessLabEvent[] } | { ok: false; errors: EventProblem[] } {
  const events: HarnessLabEvent[] = [];
  const errors: EventProblem[] = [];
  values.forEach((value, index) => {
    const result = validateEvent(value, index);
    if (result.ok) events.push(result.event);
    else if (errors.length < MAX_REPORTED_PROBLEMS) errors.push(...result.problems.slice(0, MAX_REPORTED_PROBLEMS - errors.length));
  });
  return errors.length ? { ok: false, errors } : { ok: true, events };
}

class Rollback extends Error {
  constructor(readonly errors: EventProblem[], readonly status: 400 | 409) {
    super("rollback");
  }
}

/**
 * `arrivedVia`: who sent the batch (lib/harness-trust/arrival.ts), recorded on the harness versions it creates.
 * Applies already-validated events (an array, or a generator reading a spooled body) in one transaction.
 * Parents may come later in the same batch: foreign keys are deferred to commit, and every reference
 * is checked once all events are in, so a missing parent is named instead of failing the commit.
 */
export function applyValidatedEvents(
  store: Store,
  events: Iterable<HarnessLabEvent>,
  options: { now?: number; hashes?: readonly string[]; arrivedVia: HarnessArrival },
): ApplyOutcome {
  const applied: Record<string, number> = {};
  const unchanged: Record<string, number> = {};
  noteIngestion();
  const run = () => writeTransaction(store, () => {
    store.sqlite.pragma("defer_foreign_keys = ON");
    const ctx = new ApplyContext(store.sqlite, options.now ?? Date.now(), options.hashes);
    ctx.arrivedVia = options.arrivedVia;
    let index = 0;
    for (const event of events) {
      ctx.index = index++;
      const conflictsBefore = ctx.problems.length;
      const status = (APPLIERS[event.type] as (c: ApplyContext, e: HarnessLabEvent) => ApplyStatus)(ctx, event);
      if (ctx.problems.length === conflictsBefore) {
        const counts = status === "applied" ? applied : unchanged;
        counts[event.type] = (counts[event.type] ?? 0) + 1;
      }
    }
    // Conflicts (changed immutable records) are 409; references to nothing are 400 and reported first.
    const conflicts = ctx.problems.splice(0);
    ctx.checkReferences();
    if (ctx.problems.length) throw new Rollback(ctx.problems.slice(0, MAX_REPORTED_PROBLEMS), 400);
    if (conflicts.length) throw new Rollback(conflicts.slice(0, MAX_REPORTED_PROBLEMS), 409);
  });
  try {
    run();
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, status: error.status, errors: error.errors };
    throw error;
  }
  return { ok: true, applied, unchanged };
}

/**
 * Validates and applies a batch of raw (parsed JSON) events, all-or-nothing. For writers that open the store
 * file themselves (CLI sync/demo --db, benches, tests): their harness versions arrive "local" unless told
 * otherwise. Anything answering the network goes through applyValidatedEvents, which must be told who sent it.
 */
export function applyEvents(store: Store, values: unknown[], options: { arrivedVia?: HarnessArrival } = {}): ApplyOutcome {
  const validated = validateEvents(values);
  if (!validated.ok) return { ok: false, status: 400, errors: validated.errors };
  return applyValidatedEvents(store, validated.events, { arrivedVia: options.arrivedVia ?? "local" });
}
