// Every react-query the dashboard runs, as queryOptions factories: one place says what each query's key is,
// which API address it reads (through fetchJson, so every refusal is an ApiError with the server's text) and how
// long its answer stays fresh. Hooks and invalidations take the key from here, so they can never disagree.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ExperimentSummary } from "@/db/queries/types";
import type { BrowserRow } from "@/db/queries/rollout-browser-rows";
import type { CurvesResponse } from "@/lib/curves/types";
import type { Pass1Curves } from "@/lib/curves/pass-at-1-types";
import type { JobJson } from "@/lib/services/jobs/api-query";
import { askOrReuse } from "@/components/live/shared-answers";
import { LIVE_POLL_MS } from "@/lib/live/live-query";
import type { FindResult, FullTurn } from "@/lib/trajectory/types";
import { BROWSER_PAGE_SIZE } from "@/lib/trajectories/browser-query";
import { fetchJson } from "@/lib/http/fetch-json";

const rolloutPath = (rolloutId: string) => `/api/v1/rollouts/${encodeURIComponent(rolloutId)}`;
/** Rollouts never change once stored: what was read stays true for the life of the page. */
const FOREVER = Number.POSITIVE_INFINITY;

export const rolloutTurnQuery = (rolloutId: string, idx: number) =>
  queryOptions({
    queryKey: ["rollout-turn", rolloutId, idx] as const,
    queryFn: ({ signal }) => fetchJson<FullTurn>(`${rolloutPath(rolloutId)}/turns/${idx}`, signal),
    staleTime: FOREVER,
  });

export const rolloutRawTurnQuery = (rolloutId: string, idx: number) =>
  queryOptions({
    queryKey: ["rollout-turn-raw", rolloutId, idx] as const,
    queryFn: ({ signal }) => fetchJson<{ idx: number; raw: unknown }>(`${rolloutPath(rolloutId)}/turns/${idx}/raw`, signal),
    staleTime: FOREVER,
  });

export const rolloutSubmissionQuery = (rolloutId: string) =>
  queryOptions({
    queryKey: ["rollout-submission", rolloutId] as const,
    queryFn: ({ signal }) => fetchJson<{ submission: string | null }>(`${rolloutPath(rolloutId)}/submission`, signal),
    staleTime: FOREVER,
  });

export const rolloutFindQuery = (rolloutId: string, query: string) =>
  queryOptions({
    queryKey: ["rollout-find", rolloutId, query] as const,
    queryFn: ({ signal }) => fetchJson<FindResult>(`${rolloutPath(rolloutId)}/find?q=${encodeURIComponent(query)}`, signal),
    staleTime: FOREVER,
  });

export interface BrowserPage {
  rollouts: BrowserRow[];
  nextCursor: string | null;
}

/**
 * The trajectory browser's pages for one URL state (`query`); the first is the server's (`initialPage`). Its first
 * row is part of the key: when the reader asks for the announced new rollouts (components/live/new-rows-notice.tsx)
 * the server's new first page starts a new list instead of sitting under the pages read before.
 */
export const rolloutBrowserQuery = (query: string, initialPage: BrowserPage) =>
  infiniteQueryOptions({
    queryKey: ["rollout-browser", query, initialPage.rollouts[0]?.id ?? null] as const,
    queryFn: ({ pageParam, signal }) =>
      pageParam === null
        ? Promise.resolve(initialPage)
        : fetchJson<BrowserPage>(`/api/v1/rollouts?${query}${query ? "&" : ""}limit=${BROWSER_PAGE_SIZE}&cursor=${encodeURIComponent(pageParam)}`, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: FOREVER,
  });

/** The curves at one API address (lib/curves/curve-settings.ts writes it); a chart refreshes after 15 s. */
export const curvesQuery = (path: string) =>
  queryOptions({
    queryKey: ["curves", path] as const,
    queryFn: ({ signal }) => fetchJson<CurvesResponse>(path, signal),
    staleTime: 15_000,
  });

export const pass1CurvesQuery = (path: string) =>
  queryOptions({
    queryKey: ["pass1", path] as const,
    queryFn: async ({ signal }) => (await fetchJson<CurvesResponse>(path, signal)).pass1 ?? ([] as Pass1Curves[]),
    staleTime: 15_000,
  });

export const jobQuery = (jobId: string) =>
  queryOptions({
    queryKey: ["job", jobId] as const,
    queryFn: async ({ signal }) => (await fetchJson<{ job: JobJson }>(`/api/v1/jobs/${encodeURIComponent(jobId)}`, signal)).job,
    staleTime: 0,
  });

export const experimentsQuery = () =>
  queryOptions({
    queryKey: ["experiments"] as const,
    queryFn: async ({ signal }) => (await fetchJson<{ experiments: ExperimentSummary[] }>("/api/v1/experiments", signal)).experiments,
  });

/** A live page's question at one address (/api/v1/live, /runs/{id}/live, /experiments/{id}/live; db/queries/live-state.ts). */
export const liveQuery = (path: string) =>
  queryOptions({
    queryKey: ["live", path] as const,
    // An answer another tab of this browser got a moment ago is as good as a new one (components/live/shared-answers.ts).
    queryFn: ({ signal }) => askOrReuse(path, LIVE_POLL_MS, signal),
    staleTime: 0,
  });
