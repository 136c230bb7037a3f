"use client";
// The pass@1 curves of some scopes on one x axis from GET /api/v1/curves?pass1=…, through react-query (or from
// the server's first render). The previous chart stays while another axis loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useFollowServerData } from "./use-follow-server-data";
import { pass1ApiPath } from "@/lib/curves/pass-at-1-address";
import type { Pass1Curves, Pass1Scope } from "@/lib/curves/pass-at-1-types";
import type { XAxis } from "@/lib/curves/x-axis";
import { pass1CurvesQuery } from "@/components/api-queries";

/** `initial` is what the server computed for exactly `initial.path`. */
export function usePass1Curves(scopes: readonly Pass1Scope[], x: XAxis, initial?: { path: string; data: Pass1Curves[] }) {
  const path = pass1ApiPath(scopes, x);
  // A live page re-rendered on the server hands in new curves (components/live/live-refresh.tsx).
  useFollowServerData(pass1CurvesQuery(path).queryKey, path, initial);
  return useQuery({
    ...pass1CurvesQuery(path),
    enabled: scopes.length > 0,
    placeholderData: keepPreviousData,
    initialData: initial && initial.path === path ? initial.data : undefined,
  });
}
