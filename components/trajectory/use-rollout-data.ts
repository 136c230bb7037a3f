"use client";
// Everything the viewer fetches after the page has loaded, through react-query: a turn in full when a
// long field is expanded, a turn's raw JSON, the whole patch, and find results. Turn contents never
// change (rollouts are immutable), so they are cached for the life of the page.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { FindResult, FullTurn } from "@/lib/trajectory/types";
import { fetchJson } from "@/lib/http/fetch-json";


const rolloutPath = (rolloutId: string) => `/api/v1/rollouts/${encodeURIComponent(rolloutId)}`;

export function useFullTurn(rolloutId: string, idx: number, enabled: boolean) {
  return useQuery({
    queryKey: ["rollout-turn", rolloutId, idx],
    queryFn: ({ signal }) => fetchJson<FullTurn>(`${rolloutPath(rolloutId)}/turns/${idx}`, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRawTurn(rolloutId: string, idx: number, enabled: boolean) {
  return useQuery({
    queryKey: ["rollout-turn-raw", rolloutId, idx],
    queryFn: ({ signal }) => fetchJson<{ idx: number; raw: unknown }>(`${rolloutPath(rolloutId)}/turns/${idx}/raw`, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSubmission(rolloutId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["rollout-submission", rolloutId],
    queryFn: ({ signal }) => fetchJson<{ submission: string | null }>(`${rolloutPath(rolloutId)}/submission`, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Find results for a (debounced) query; the previous results stay while the next ones load. */
export function useFindInRollout(rolloutId: string, query: string) {
  return useQuery({
    queryKey: ["rollout-find", rolloutId, query],
    queryFn: ({ signal }) => fetchJson<FindResult>(`${rolloutPath(rolloutId)}/find?q=${encodeURIComponent(query)}`, signal),
    enabled: query.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}
