"use client";
// Everything the viewer fetches after the page has loaded, through react-query: a turn in full when a
// long field is expanded, a turn's raw JSON, the whole patch, and find results. Turn contents never
// change (rollouts are immutable), so they are cached for the life of the page.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { rolloutFindQuery, rolloutRawTurnQuery, rolloutSubmissionQuery, rolloutTurnQuery } from "@/components/api-queries";

export function useFullTurn(rolloutId: string, idx: number, enabled: boolean) {
  return useQuery({ ...rolloutTurnQuery(rolloutId, idx), enabled });
}

export function useRawTurn(rolloutId: string, idx: number, enabled: boolean) {
  return useQuery({ ...rolloutRawTurnQuery(rolloutId, idx), enabled });
}

export function useSubmission(rolloutId: string, enabled: boolean) {
  return useQuery({ ...rolloutSubmissionQuery(rolloutId), enabled });
}

/** Find results for a (debounced) query; the previous results stay while the next ones load. */
export function useFindInRollout(rolloutId: string, query: string) {
  return useQuery({ ...rolloutFindQuery(rolloutId, query), enabled: query.length > 0, placeholderData: keepPreviousData });
}
