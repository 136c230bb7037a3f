// A job's token writes only into its job's experiment. Before a batch from such a token is applied, every
// event is placed: the experiment it names (or its parent's — a metrics point's run, a comparison's proposal),
// and every record it points at, looked up in the same batch first and then in the store. Anything outside is
// refused whole (403, naming the event). Tasks are global: a job may add new ones or repeat existing ones
// unchanged, never alter one. Run events get job = the job, which is how a run links back to its job.
import "server-only";
import type { Store } from "../client";
import { statementFor } from "../apply/context";
import type { EventProblem, HarnessLabEvent } from "../../lib/events/contract";
import { eventScope, type OwnedTable } from "../../lib/jobs/pure/ingest-scope";
import { MAX_REPORTED_PROBLEMS } from "../apply-events";

export type ScopedEvents = { ok: true; events: Iterable<HarnessLabEvent> } | { ok: false; error: string; errors: EventProblem[] };

export function scopeJobEvents(store: Store, jobId: string, events: Iterable<HarnessLabEvent>): ScopedEvents {
  const job = statementFor(store.sqlite, "SELECT experiment_id AS experimentId, status FROM jobs WHERE id = ?").get(jobId) as { experimentId: string | null; status: string } | undefined;
  if (!job?.experimentId) return { ok: false, error: `this token belongs to job "${jobId}", which does not exist`, errors: [] };
  const experiment = job.experimentId;

  // Records created in this batch, by table: what a later (or earlier) event may point at.
  const inBatch = new Map<OwnedTable, Map<string, string>>();
  for (const event of events) {
    const scope = eventScope(event);
    if (scope?.creates && scope.experiment) {
      let ids = inBatch.get(scope.creates.table);
      if (!ids) inBatch.set(scope.creates.table, (ids = new Map()));
      ids.set(scope.creates.id, scope.experiment);
    }
  }
  const memo = new Map<string, string | null>();
  const ownerOf = (table: OwnedTable, id: string): string | null => {
    const fromBatch = inBatch.get(table)?.get(id);
    if (fromBatch !== undefined) return fromBatch;
    const key = `${table}\u0000${id}`;
    if (!memo.has(key)) memo.set(key, (statementFor(store.sqlite, `SELECT experiment_id FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined) ?? null);
    return memo.get(key)!;
  };

  const errors: EventProblem[] = [];
  const refuse = (index: number, path: string, message: string) => {
    if (errors.length < MAX_REPORTED_PROBLEMS) errors.push({ index, path, message });
  };
  let index = 0;
  for (const event of events) {
    const i = index++;
    if (event.type === "experiment") {
      if (event.id !== experiment) refuse(i, "id", `a job's token may only write into its own experiment "${experiment}"`);
      continue;
    }
    if (event.type === "task") {
      const problem = taskChange(store, event);
      if (problem) refuse(i, "", problem);
      continue;
    }
    // A person's decision moves between stores with export and sync (an admin's work); a job speaks for
    // its rule only, never for a reviewer.
    if (event.type === "decision" && event.actor_kind === "human") {
      refuse(i, "actor_kind", "a job's token may record only its rule's decisions, not a person's");
      continue;
    }
    if (event.type === "run") {
      if (event.job !== undefined && event.job !== jobId) refuse(i, "job", `a job's token links runs to its own job "${jobId}" only`);
      const existing = statementFor(store.sqlite, "SELECT job_id FROM runs WHERE id = ?").pluck().get(event.id) as string | null | undefined;
      if (existing !== undefined && existing !== jobId) refuse(i, "id", `run "${event.id}" was not created by this job`);
    }
    const scope = eventScope(event)!;
    const own = scope.experiment ?? (scope.owner ? ownerOf(scope.owner.table, scope.owner.id) : null);
    // An unknown parent is the apply step's to report (400, "does not exist"); only a known other experiment is ours.
    if (own !== null && own !== experiment) {
      // The other experiment is not named: a job reads only its own (lib/auth/read-scope.ts), so a refusal must
      // not tell it what else exists.
      refuse(i, scope.experiment !== undefined ? "experiment" : scope.owner!.path, `a job's token may only write into its own experiment "${experiment}"`);
      continue;
    }
    for (const r of scope.refs) {
      const owner = ownerOf(r.table, r.id);
      if (owner !== null && owner !== experiment) refuse(i, r.path, `"${r.id}" is not in this job's experiment "${experiment}"; a job's token stays in it`);
    }
  }
  if (errors.length) {
    return { ok: false, error: `${errors.length} event(s) reach outside the job's experiment "${experiment}"; nothing was written`, errors };
  }
  return {
    ok: true,
    events: {
      *[Symbol.iterator]() {
        for (const event of events) yield event.type === "run" ? { ...event, job: jobId } : event;
      },
    },
  };
}

/** Why a job may not send this task event (it changes an existing task), or null. */
function taskChange(store: Store, event: Extract<HarnessLabEvent, { type: "task" }>): string | null {
  const row = statementFor(store.sqlite, "SELECT key, benchmark, title, metadata FROM tasks WHERE id = ?").get(event.id) as
    | { key: string; benchmark: string; title: string | null; metadata: string | null }
    | undefined;
  if (!row) return null;
  // The same comparison applyTask makes: a field left out keeps the stored value.
  const title = event.title ?? row.title;
  const metadata = event.metadata === undefined ? row.metadata : JSON.stringify(event.metadata);
  if (row.key === event.key && row.benchmark === event.benchmark && title === row.title && metadata === row.metadata) return null;
  return `task "${event.id}" exists with other content; tasks are shared by every experiment, so a job's token may add tasks but not change them`;
}
