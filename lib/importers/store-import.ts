// Imports straight into a store: batched (CLI --db, the bench) or as one transaction (the upload route).
import "server-only";
import type { Store } from "../../db/client";
import { applyValidatedEvents } from "../../db/apply-events";
import type { ApplyFn } from "./run-import";
import type { ImportReport } from "./report";
import type { ImportSession, PreparedUnit } from "./session";
import type { HarnessArrival } from "../harness-trust/arrival";
import { writeTransaction } from "../../db/write-transaction";

/** The CLI's --db import: the person at this machine's shell writes the store file directly. */
export function storeApply(store: Store): ApplyFn {
  return async ({ events }) => applyValidatedEvents(store, events, { arrivedVia: "local" });
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
  });
  return session.report();
}
