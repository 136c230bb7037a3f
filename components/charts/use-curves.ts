"use client";
// The curves of the current settings from GET /api/v1/curves, through react-query. While new settings load
// the previous chart stays (no flash of an empty chart on every slider step).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { curvesApiPath, type CurveSettings } from "@/lib/curves/curve-settings";
import type { CurvesResponse } from "@/lib/curves/types";

async function fetchCurves(path: string, signal: AbortSignal): Promise<CurvesResponse> {
  const res = await fetch(path, { headers: { accept: "application/json" }, cache: "no-store", signal });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(res.status === 401 ? "Your session has ended; sign in again." : body?.error ?? `HTTP ${res.status}`);
  }
  return (await res.json()) as CurvesResponse;
}

/** `initial` is data the server rendered for exactly `initial.path`; it is used only when the settings ask for that. */
export function useCurves(settings: CurveSettings, initial?: { path: string; data: CurvesResponse }) {
  const path = curvesApiPath(settings);
  return useQuery({
    queryKey: ["curves", path],
    queryFn: ({ signal }) => fetchCurves(path, signal),
    enabled: settings.runs.length > 0 && settings.keys.length > 0,
    placeholderData: keepPreviousData,
    initialData: initial && initial.path === path ? initial.data : undefined,
    staleTime: 15_000,
  });
}
