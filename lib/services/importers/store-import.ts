// Imports straight into a store: batched (CLI --db, the bench) or as one transaction (the upload route).
import "server-only";
import type { Store } from "../../../db/client";
import { applyValidatedEvents } from "../../../db/apply-events";
import type { ApplyFn } from "./run-import";
import type { ImportReport } from "./report";
import type { ImportSession, PreparedUnit } from "./session";
import type { HarnessArrival } from "../../harness-trust/arrival";
import { writeTransaction } from "../../../db/write-transaction";
import { fillFactsOfStoredRollouts } from "../../../db/apply/rollout-fill-late";

/** The CLI's --db import: the person at this machine's shell writes the store file directly. */
export function storeApply(store: Store): ApplyFn {
  return async ({ events }) => applyValidatedEvents(store, events, { arrivedVia: "local" });
}

/**
 * A sidecar (preds.json, exit statuses) whose instances have no trajectory in this import fills the run's rollouts
 * stored earlier, as a late report's verdicts join them; each file all-or-nothing. Call after the file units.
 * Only a target that holds the store can: through the events API a sidecar still travels on its rollouts.
 */
export function fillLateFacts(store: Store, session: ImportSession): void {
  for (const { file, facts } of session.lateFacts()) {
    const outcome = fillFactsOfStoredRollouts(store, session.target.runId, facts);
    session.lateFilled(file, outcome.ok ? outcome : { field: outcome.field, reason: outcome.reason });
  }
}

/**
 * The whole import in ONE transaction: an unexpected error rolls everything back. Each file's unit is applied
 * in a savepoint inside it (better-sqlite3 nests transactions that way), so a file the store refuses (a
 * changed immutable record) is left out and reported while the others still get in. Pass 2 runs inside the
 * transaction so that only one file's events are in memory at a time. `arrivedVia`: who uploaded it.
 */
export function importIntoStore(store: Store, session: ImportSession, arrivedVia: HarnessArrival = "unknown"): ImportReport {
  session.scan();
  const header = session.header();
  const applyUnit = (unit: PreparedUnit) => {
    const { events } = session.toSend(unit);
    const outcome = applyValidatedEvents(store, events, { arrivedVia });
    if (outcome.ok) {
      session.count(outcome.applied, outcome.unchanged);
      session.stored(unit);
    } else {
      session.refused(unit, session.describeStoreProblem(events, outcome.errors[0] ?? { index: -1, path: "", message: "refused" }));
    }
  };
  writeTransaction(store, () => {
    // The experiment and run only when something is stored with them: an upload that yields nothing creates nothing.
    let headerDone = false;
    const applyWithHeader = (unit: PreparedUnit) => {
      if (!headerDone) applyUnit(header);
      headerDone = true;
      applyUnit(unit);
    };
    for (const unit of session.fileUnits()) applyWithHeader(unit);
    for (const unit of session.reportUnits()) applyWithHeader(unit);
    fillLateFacts(store, session);
  });
  return session.report();
}
