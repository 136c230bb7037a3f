"use client";
// The curves of the current settings from GET /api/v1/curves, through react-query. While new settings load
// the previous chart stays (no flash of an empty chart on every slider step).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useFollowServerData } from "./use-follow-server-data";
import { curvesApiPath, type CurveSettings } from "@/lib/curves/curve-settings";
import type { CurvesResponse } from "@/lib/curves/types";
import { curvesQuery } from "@/components/api-queries";

/** `initial` is data the server rendered for exactly `initial.path`; it is used only when the settings ask for that. */
export function useCurves(settings: CurveSettings, initial?: { path: string; data: CurvesResponse }) {
  const path = curvesApiPath(settings);
  // A live page re-rendered on the server hands in new curves (components/live/live-refresh.tsx).
  useFollowServerData(curvesQuery(path).queryKey, path, initial);
  return useQuery({
    ...curvesQuery(path),
    enabled: settings.runs.length > 0 && settings.keys.length > 0,
    placeholderData: keepPreviousData,
    initialData: initial && initial.path === path ? initial.data : undefined,
  });
}
