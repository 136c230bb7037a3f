"use client";
// The chart's settings live in the address (so a link reproduces the view): read with the same parser the
// pages and the API use, written back with history.replaceState — which Next's router follows (useSearchParams
// updates) without rendering the page again on the server; the chart fetches its own data. No history entry
// per slider step; the page's other parameters stay as they were.
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { curveSettingsSearch, parseViewSettings, rawFromParams, type CurveSettings } from "@/lib/curves/curve-settings";
import type { XAxis } from "@/lib/curves/x-axis";

export interface CurveDefaults {
  runs: string[];
  keys: string[];
  x?: XAxis;
  smoothing?: number;
}

export function useCurveSettings(defaults: CurveDefaults, prefix: string, knownRuns: readonly string[] | null) {
  const params = useSearchParams();
  const pathname = usePathname();
  const defaultsKey = JSON.stringify(defaults);
  const parsed = useMemo(
    () => parseViewSettings(rawFromParams((n) => params.get(n) ?? undefined, prefix), defaults, knownRuns),
    // defaults is a fresh object on every render: its contents are what matter.
    [params, prefix, knownRuns, defaultsKey],
  );
  // The router takes the new address in a transition; until it does, the controls show what was chosen
  // (a controlled checkbox would otherwise spring back for a moment).
  const [pending, setPending] = useState<CurveSettings | null>(null);
  useEffect(() => setPending(null), [params]);
  const settings = pending ?? parsed.settings;
  const problems = parsed.problems;

  const update = useCallback(
    (patch: Partial<CurveSettings>) => {
      const next = { ...settings, ...patch };
      setPending(next);
      window.history.replaceState(null, "", `${pathname}${curveSettingsSearch(next, defaults, prefix, [...params.entries()])}${window.location.hash}`);
    },
    [settings, pathname, params, prefix, defaultsKey],
  );
  return { settings, problems, update };
}
