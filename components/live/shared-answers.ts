"use client";
// Tabs of one browser that follow the same scope share its answers over a BroadcastChannel: one tab asks the
// server (the one with the lowest random id among those asking), the others use what it tells them while its
// answers keep coming (within two poll intervals); when they stop (that tab closed, hidden or paused) the
// others ask again and the lowest of them takes over. Ten tabs on one run then ask about as often as one: the
// bench (npm run bench -- live-tabs) measured ten tabs asking each on their own at about twice the CPU of the
// producer's batches in questions alone (a request costs the server ~7 ms whatever it asks).
import type { QueryClient } from "@tanstack/react-query";
import type { LiveState } from "@/db/queries/live-state";
import { fetchJson } from "@/lib/http/fetch-json";

interface Heard {
  at: number;
  state: LiveState;
  from: number;
}

const me = Math.random();
const heard = new Map<string, Heard>();
let channel: BroadcastChannel | null = null;

/** Starts listening (once per tab); answers heard go into this tab's cache too, so its pages update at once. */
export function listenForAnswers(client: QueryClient): void {
  if (channel || typeof BroadcastChannel === "undefined") return;
  channel = new BroadcastChannel("harness-lab-live");
  channel.onmessage = (event: MessageEvent<{ path: string; state: LiveState; from: number }>) => {
    const { path, state, from } = event.data ?? {};
    if (typeof path !== "string" || typeof from !== "number" || !state || typeof state.version !== "string") return;
    heard.set(path, { at: Date.now(), state, from });
    if (client.getQueryData(["live", path]) !== undefined) client.setQueryData(["live", path], state);
  };
}

/** The scope's state: from the tab that asks for this browser while it does, else from the server (then told to the others). */
export async function askOrReuse(path: string, intervalMs: number, signal: AbortSignal): Promise<LiveState> {
  const recent = heard.get(path);
  if (recent && recent.from < me && Date.now() - recent.at < 2 * intervalMs) return recent.state;
  const state = await fetchJson<LiveState>(path, signal);
  heard.set(path, { at: Date.now(), state, from: me });
  channel?.postMessage({ path, state, from: me });
  return state;
}
