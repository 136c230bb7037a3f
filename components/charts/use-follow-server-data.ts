"use client";
// A chart whose page the server rendered again (a live page following its run: components/live/live-refresh.tsx)
// gets new `initial` data; react-query used the first only to fill an empty cache. The new one replaces the
// cached answer when it is for the chart's current address (no request: the server just computed it, and
// structural sharing leaves an unchanged series — and its drawing — as it was); a chart showing other settings
// than the server's asks its own address again.
import { useEffect, useRef } from "react";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";

export function useFollowServerData<T>(queryKey: QueryKey, path: string, initial: { path: string; data: T } | undefined): void {
  const client = useQueryClient();
  const first = useRef(initial);
  useEffect(() => {
    // The first render's data is already the query's initialData.
    if (!initial || initial === first.current) return;
    first.current = initial;
    if (initial.path === path) client.setQueryData(queryKey, initial.data);
    else void client.invalidateQueries({ queryKey });
    // Follows the server's data only: a settings change alone is the query's own business.
  }, [initial]);
}
