"use client";
// A page that follows its scope by re-rendering on the server when the scope's version moves: the run page and
// the experiment overview (counts, steps, rates, runs, curves). A navigation to the address the tab shows, not
// router.refresh(): a refresh empties the router's whole cache, and every link on screen (the navigation, the
// steps table) was prefetched again after each one — the bench counted about ten page renders per refresh.
// Either keeps every client component's state (chart settings) and React touches only the parts whose output
// changed; the charts take the server's new curves from their `initial` prop (components/charts/use-curves.ts)
// rather than asking again.
import { startTransition } from "react";
import { useRouter } from "next/navigation";
import type { LiveState } from "@/db/queries/live-state";
import { useLive } from "./use-live";
import { LiveControl } from "./live-control";

export function LiveRefresh({ path, initial, what }: { path: string; initial: LiveState; what: string }) {
  const router = useRouter();
  const live = useLive(path, initial, () => startTransition(() => router.replace(window.location.pathname + window.location.search, { scroll: false })));
  return <LiveControl live={live} what={what} />;
}
