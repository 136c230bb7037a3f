// The query strings of the jobs API and the jobs page, in one place: the list filters (the page keeps the same
// names in its URL, so a filtered page and an API call say the same thing), the log offset, and what a job looks
// like on the wire (its log's path on the server is not the client's business).
import { z } from "zod";
import { JOB_EXECUTORS, JOB_KINDS, JOB_STATUSES } from "../../domain/vocabulary";
import { QueryId, QueryInt } from "../../http/search-params";
import { parseUrlState, urlZod, type UrlField, type UrlRaw } from "../../http/url-state";
import type { JobFilter, JobRecord } from "../../../db/queries/jobs";

export const JOB_FILTER_PARAMS = ["status", "executor", "experiment", "kind", "template", "launchedBy"] as const;

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, `must be one of ${values.join(", ")}`);

export const JobListQuery = z.strictObject({
  status: oneOf(JOB_STATUSES).optional(),
  executor: oneOf(JOB_EXECUTORS).optional(),
  experiment: QueryId.optional(),
  kind: oneOf(JOB_KINDS).optional(),
  template: QueryId.optional(),
  /** A user id (jobs.created_by). */
  launchedBy: QueryId.optional(),
  /** Keyset paging: jobs created before this time (ms since the epoch); pass the last job's createdAt. */
  before: QueryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  limit: QueryInt(1, 500).optional(),
});
export type JobListQuery = z.output<typeof JobListQuery>;

export function toJobFilter(q: JobListQuery): JobFilter {
  return {
    status: q.status, executor: q.executor, experimentId: q.experiment, kind: q.kind, templateId: q.template,
    createdBy: q.launchedBy, before: q.before, limit: q.limit,
  };
}

export const JobLogQuery = z.strictObject({
  offset: QueryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  follow: z.enum(["0", "1"], "must be 0 or 1").optional(),
});

export type JobJson = Omit<JobRecord, "logPath">;

export function jobJson(job: JobRecord): JobJson {
  const { logPath: _server, ...rest } = job;
  return rest;
}

const JOB_FILTER_FIELDS = Object.fromEntries(JOB_FILTER_PARAMS.map((name) => [name, urlZod(JobListQuery.shape[name])])) as {
  [K in (typeof JOB_FILTER_PARAMS)[number]]: UrlField<JobListQuery[K]>;
};

/** Problems of a page's filter query, each naming the parameter (the page shows them as a note, never a 500). */
export function parseJobFilters(raw: UrlRaw): { query: JobListQuery; problems: string[] } {
  const { state, problems } = parseUrlState(raw, JOB_FILTER_FIELDS, { repeated: "first" });
  return { query: state, problems };
}
