"use client";
// The last progress line of the log the job page has read (lib/services/jobs/progress.ts), shared from the log view
// (job-log.tsx, which reads the log) with the state view (job-live.tsx, which draws the bar) through the page's
// react-query cache, so the bar and the log on screen always agree.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ProgressReport } from "@/lib/services/jobs/progress";

const key = (jobId: string) => ["job-log-progress", jobId] as const;

export function useLogProgress(jobId: string): ProgressReport | null {
  const { data } = useQuery({
    queryKey: key(jobId),
    // Never fetched: only the log view writes it.
    queryFn: () => null as ProgressReport | null,
    enabled: false,
    initialData: null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

export function useReportLogProgress(jobId: string): (report: ProgressReport) => void {
  const client = useQueryClient();
  return useCallback((report) => client.setQueryData(key(jobId), report), [client, jobId]);
}
