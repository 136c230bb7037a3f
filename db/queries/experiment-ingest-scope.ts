// A token confined to one experiment writes only into it. Connect a trainer mints such tokens (api_tokens.experiment_id),
// and a job's own token is confined to its job's experiment (db/queries/jobs-ingest-scope.ts adds its run rules on
// top). Before a batch from one is applied, every event is placed: the experiment it names (or its parent's — a
// metrics point's run, a comparison's proposal) and every record it points at, each looked up in the same batch
// first and then in the store. Anything outside is refused whole (403, naming the event and field), and the other
// experiment is never named: the token reads only its own, so a refusal must not tell it what else exists. Tasks
// are global: such a token may add new ones or repeat existing ones unchanged, never alter one.
import "server-only";
import type { Store } from "../client";
import { statementFor } from "../apply/context";
import type { EventProblem, HarnessLabEvent } from "../../lib/events/contract";
import { eventScope, type OwnedTable } from "../../lib/services/jobs/pure/ingest-scope";
import { MAX_REPORTED_PROBLEMS } from "../apply-events";

export type ScopedEvents = { ok: true; events: Iterable<HarnessLabEvent> } | { ok: false; error: string; errors: EventProblem[] };

/** How refusals name the token: "a job's token" / "this job's", "this token" / "this token's". */
export interface TokenWords {
  token: string;
  whose: string;
}

export type Problem = { path: string; message: string };

/** The experiment of each record: the batch's own records first, then the store's (null: exists nowhere). */
export function experimentOwners(store: Store, events: Iterable<HarnessLabEvent>): (table: OwnedTable, id: string) => string | null {
  const inBatch = new Map<OwnedTable, Map<string, string>>();
  for (const event of events) {
    const scope = eventScope(event);
    if (!scope?.creates || !scope.experiment) continue;
    let ids = inBatch.get(scope.creates.table);
    if (!ids) inBatch.set(scope.creates.table, (ids = new Map()));
    ids.set(scope.creates.id, scope.experiment);
  }
  const memo = new Map<string, string | null>();
  return (table, id) => {
    const fromBatch = inBatch.get(table)?.get(id);
    if (fromBatch !== undefined) return fromBatch;
    const key = `${table}\u0000${id}`;
    if (!memo.has(key)) memo.set(key, (statementFor(store.sqlite, `SELECT experiment_id FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined) ?? null);
    return memo.get(key)!;
  };
}

/**
 * Where an event reaches outside `experiment`: the experiment it creates or names (or its parent's), else each record
 * it points at; a task that would change an existing one. Empty when it stays inside.
 */
export function outsideExperiment(
  store: Store,
  event: HarnessLabEvent,
  experiment: string,
  ownerOf: (table: OwnedTable, id: string) => string | null,
  words: TokenWords,
): Problem[] {
  if (event.type === "experiment") {
    return event.id === experiment ? [] : [{ path: "id", message: `${words.token} may only write into its own experiment "${experiment}"` }];
  }
  if (event.type === "task") {
    const problem = taskChange(store, event, words);
    return problem ? [{ path: "", message: problem }] : [];
  }
  const scope = eventScope(event)!;
  const own = scope.experiment ?? (scope.owner ? ownerOf(scope.owner.table, scope.owner.id) : null);
  // An unknown parent is the apply step's to report (400, "does not exist"); only a known other experiment is ours.
  if (own !== null && own !== experiment) {
    return [{ path: scope.experiment !== undefined ? "experiment" : scope.owner!.path, message: `${words.token} may only write into its own experiment "${experiment}"` }];
  }
  const problems: Problem[] = [];
  for (const r of scope.refs) {
    const owner = ownerOf(r.table, r.id);
    if (owner !== null && owner !== experiment) problems.push({ path: r.path, message: `"${r.id}" is not in ${words.whose} experiment "${experiment}"; ${words.token} stays in it` });
  }
  return problems;
}

/** A batch from a token confined to `experiment` (Connect a trainer): its events, or why it reaches outside. */
export function scopeExperimentEvents(store: Store, experiment: string, events: Iterable<HarnessLabEvent>): ScopedEvents {
  const words = { token: "this token", whose: "this token's" };
  const ownerOf = experimentOwners(store, events);
  const errors: EventProblem[] = [];
  let index = 0;
  for (const event of events) {
    for (const problem of outsideExperiment(store, event, experiment, ownerOf, words)) {
      if (errors.length < MAX_REPORTED_PROBLEMS) errors.push({ index, ...problem });
    }
    index++;
  }
  if (errors.length) return { ok: false, error: `${errors.length} event(s) reach outside this token's experiment "${experiment}"; nothing was written`, errors };
  return { ok: true, events };
}

/** Why this task event may not be sent (it changes an existing task), or null. */
function taskChange(store: Store, event: Extract<HarnessLabEvent, { type: "task" }>, words: TokenWords): string | null {
  const row = statementFor(store.sqlite, "SELECT key, benchmark, title, metadata FROM tasks WHERE id = ?").get(event.id) as
    | { key: string; benchmark: string; title: string | null; metadata: string | null }
    | undefined;
  if (!row) return null;
  // The same comparison applyTask makes: a field left out keeps the stored value.
  const title = event.title ?? row.title;
  const metadata = event.metadata === undefined ? row.metadata : JSON.stringify(event.metadata);
  if (row.key === event.key && row.benchmark === event.benchmark && title === row.title && metadata === row.metadata) return null;
  return `task "${event.id}" exists with other content; tasks are shared by every experiment, so ${words.token} may add tasks but not change them`;
}
