// The GET route of one record by id (a rollout, a turn, a harness version, a source file, an experiment): read
// access checked, then the record's experiment checked against a job token's scope, and a record the caller may
// not read answered exactly like one that does not exist (404 with the same text), so ids of other experiments
// cannot be probed. Each route says only how to load its record (from its query string too, read by a zod
// schema and refused in the one shape) and, if not as JSON, how to answer it.
import "server-only";
import type { z } from "zod";
import { getStore, type Store } from "../../../db/client";
import { jsonResponse, refusalResponse } from "../../http/json-response";
import { refuseNotFound, type Refused } from "../../http/refusal";
import { parseSearchParams } from "../../http/search-params";
import { authenticateRequest, authErrorResponse } from "./request-auth";
import { mayReadExperiment, mayReadRecord, type ScopedTable } from "./read-scope";

type Context<P> = { params: Promise<P> };

export interface RecordGet<P extends { id: string }, T, Q = undefined> {
  /** The table whose experiment_id scopes the id ("experiments": the id is the experiment). */
  table: ScopedTable | "experiments";
  /** Checks of the path before anything is read (a turn index): a refusal answers 400 whoever asks. */
  check?: (params: P) => Refused | null;
  /** The query string's parameters, checked before the path (a bad one answers 400 naming it). */
  query?: z.ZodType<Q>;
  load: (store: Store, params: P, request: Request, query: Q) => T | null;
  notFound: (params: P) => string;
  answer?: (record: T, store: Store, params: P) => Response;
}

export function recordGet<P extends { id: string }, T, Q = undefined>(spec: RecordGet<P, T, Q>): (request: Request, context: Context<P>) => Promise<Response> {
  return async (request, { params }) => {
    const auth = await authenticateRequest(request, "read");
    if (!auth.ok) return authErrorResponse(auth);
    const query = spec.query ? parseSearchParams(request.url, spec.query) : { ok: true as const, data: undefined as Q };
    if (!query.ok) return refusalResponse(query.refusal);
    const resolved = await params;
    const refused = spec.check?.(resolved);
    if (refused) return refusalResponse(refused.refusal);
    const store = getStore();
    const readable = spec.table === "experiments" ? mayReadExperiment(auth.principal, resolved.id) : mayReadRecord(store, auth.principal, spec.table, resolved.id);
    const record = readable ? spec.load(store, resolved, request, query.data) : null;
    if (record === null || record === undefined) return refusalResponse(refuseNotFound(spec.notFound(resolved)).refusal);
    return spec.answer ? spec.answer(record, store, resolved) : jsonResponse(record);
  };
}
