"use client";
// Following a scope while it is live: asks its live address (db/queries/live-state.ts) every LIVE_POLL_MS while
// the scope is live, not paused and the tab is visible (react-query runs no interval in a hidden tab and asks
// again when the tab shows), and calls `onChange` once per new version. The tabs of one browser share one
// question (shared-answers.ts); an unchanged store answers from memory. Measured (npm run bench -- live-tabs):
// ten tabs' questions cost the server about half of one producer's batches; what cost was the page re-render
// each visible tab does per change (a server-sent stream would not save it), so the server renders a page payload
// once for the identical requests of all tabs (lib/services/server/shared-renders.mjs): ten visible tabs then cost
// about half a producer. It stops when the scope ends.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { LiveState } from "@/db/queries/live-state";
import { LIVE_POLL_MS } from "@/lib/live/live-query";
import { liveQuery } from "@/components/api-queries";
import type { LiveControlState } from "./live-control";
import { listenForAnswers } from "./shared-answers";

export interface Live extends LiveControlState {
  state: LiveState;
  paused: boolean;
  setPaused(paused: boolean): void;
  /** The scope was live when the page was shown (or since) and is not any more. */
  ended: boolean;
  error: Error | null;
}

export function useLive(path: string, initial: LiveState, onChange: (state: LiveState) => void): Live {
  const [paused, setPaused] = useState(false);
  const client = useQueryClient();
  useEffect(() => listenForAnswers(client), [client]);
  const [wasLive, setWasLive] = useState(initial.live);
  const { data, error } = useQuery({
    ...liveQuery(path),
    initialData: initial,
    refetchInterval: (query) => (paused || !query.state.data?.live ? false : LIVE_POLL_MS),
    // Back from another tab: ask at once (unless paused), as the interval did not run meanwhile.
    refetchOnWindowFocus: paused ? false : "always",
  });
  const seen = useRef(initial.version);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  // A hidden tab hears other tabs' answers too, but re-renders nothing until it is shown again.
  const visible = useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== "hidden", () => true);
  useEffect(() => {
    if (data.live && !wasLive) setWasLive(true);
    if (paused || !visible || data.version === seen.current) return;
    seen.current = data.version;
    callback.current(data);
  }, [data, paused, visible, wasLive]);
  return { state: data, live: data.live, paused, setPaused, ended: wasLive && !data.live, error };
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}
