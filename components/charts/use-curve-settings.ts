"use client";
// The chart's settings, kept in the address so a link reproduces the view. The component's state is the source
// of truth: it starts from the address (read with the same parser the pages and the API use), every change goes
// into the state first, and one effect writes the address once per change with history.replaceState (which
// Next's router follows without rendering the page again on the server; the chart fetches its own data; no
// history entry per slider step; the page's other parameters stay as they were).
//
// Why not derive the settings from useSearchParams: the router takes each replaceState in a transition and, on
// committing it, writes its own canonical address back — when two changes come close together it can write the
// previous change's address after the newest one, and settings read from the address would undo the newest
// change (a click "lost"). So an address this view wrote itself is never read back; only an address it did not
// write (a link, back/forward to other settings) replaces the state.
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { curveSettingsSearch, parseViewSettings, rawFromParams, type CurveSettings, type SettingProblem } from "@/lib/curves/curve-settings";
import type { XAxis } from "@/lib/curves/x-axis";

export interface CurveDefaults {
  runs: string[];
  keys: string[];
  x?: XAxis;
  smoothing?: number;
}

const SETTING_NAMES = ["runs", "keys", "x", "points", "smoothing"];

/** This view's own parameters of an address, in a fixed order: what tells one settings address from another. */
function ownParams(get: (name: string) => string | null, prefix: string): string {
  return JSON.stringify(SETTING_NAMES.map((n) => get(`${prefix}${n}`)));
}

interface ViewState {
  settings: CurveSettings;
  problems: SettingProblem[];
  /** Set by a change in the controls: only then is the address written. */
  changed: boolean;
}

export function useCurveSettings(defaults: CurveDefaults, prefix: string, knownRuns: readonly string[] | null) {
  const params = useSearchParams();
  const pathname = usePathname();
  const defaultsKey = JSON.stringify(defaults);
  // defaults is a fresh object on every render: its contents are what matter.
  const stableDefaults = useMemo(() => defaults, [defaultsKey]);
  const read = useCallback(
    (p: { get(name: string): string | null }): ViewState => ({
      ...parseViewSettings(rawFromParams((n) => p.get(n) ?? undefined, prefix), stableDefaults, knownRuns),
      changed: false,
    }),
    [prefix, knownRuns, stableDefaults],
  );
  const [view, setView] = useState<ViewState>(() => read(params));
  const addressParams = ownParams((n) => params.get(n), prefix);
  // `latest`: the own parameters of the address the state stands for (the one read at first, then the newest
  // write); `earlier`: this view's older writes since the address last settled on `latest` — a router
  // write-back of one of them is not a new address to read.
  const written = useRef<{ latest: string; earlier: Set<string> }>({ latest: addressParams, earlier: new Set() });

  const readUsed = useRef(read);
  useEffect(() => {
    const w = written.current;
    if (read !== readUsed.current) {
      // Other defaults or runs on offer: a new view of the address as it is.
      readUsed.current = read;
      w.latest = addressParams;
      w.earlier.clear();
      setView(read(params));
      return;
    }
    if (addressParams === w.latest) {
      w.earlier.clear(); // settled on the newest write
      return;
    }
    if (w.earlier.has(addressParams)) return; // the router writing back an older address of ours
    w.latest = addressParams;
    w.earlier.clear();
    setView(read(params));
    // `params` is read only when its own parameters changed (addressParams), not on every new object.
  }, [addressParams, read]);

  // The one place the address is written: once per change of the settings in the controls.
  useEffect(() => {
    if (!view.changed) return;
    const others = [...new URLSearchParams(window.location.search).entries()];
    const search = curveSettingsSearch(view.settings, stableDefaults, prefix, others);
    const own = ownParams((n) => new URLSearchParams(search).get(n), prefix);
    const w = written.current;
    w.earlier.add(w.latest);
    w.latest = own;
    window.history.replaceState(null, "", `${pathname}${search}${window.location.hash}`);
  }, [view, pathname, prefix, stableDefaults]);

  const update = useCallback((patch: Partial<CurveSettings>) => {
    // The address no longer holds values that were not applied once the view writes its own.
    setView((v) => ({ settings: { ...v.settings, ...patch }, problems: [], changed: true }));
  }, []);
  return { settings: view.settings, problems: view.problems, update };
}
