// A brand-new store gets the example batch of the event contract (every event type once), so the
// first look at the dashboard is not empty. It is labelled as an example and never added twice.
import "server-only";
import type { Store } from "../../db/client";
import { applyEvents } from "../../db/apply-events";
import { exampleEvents } from "../events/examples";

export function seedExampleIfEmpty(store: Store): boolean {
  const experiments = store.sqlite.prepare("SELECT count(*) FROM experiments").pluck().get() as number;
  const users = store.sqlite.prepare("SELECT count(*) FROM users").pluck().get() as number;
  if (experiments > 0 || users > 0) return false;
  const outcome = applyEvents(store, exampleEvents("example", "Example: every event type once"));
  if (!outcome.ok) throw new Error(`the example batch does not apply: ${JSON.stringify(outcome.errors[0])}`);
  return true;
}
