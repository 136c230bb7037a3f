"use client";
// A page that follows its scope by re-rendering on the server when the scope's version moves: the run page and
// the experiment overview (counts, steps, rates, runs, curves). A navigation to the address the tab shows, not
// router.refresh(): a refresh empties the router's whole cache, and every link on screen (the navigation, the
// steps table) was prefetched again after each one — the bench counted about ten page renders per refresh.
// Either keeps every client component's state (chart settings) and React touches only the parts whose output
// changed; the charts take the server's new curves from their `initial` prop (components/charts/use-curves.ts)
// rather than asking again.
import { useTransition } from "react";
import { useRouter } from "next/navigation";
import type { LiveState } from "@/db/queries/live-state";
import { useLive } from "./use-live";
import { LiveControl } from "./live-control";

export function LiveRefresh({ path, initial, what }: { path: string; initial: LiveState; what: string }) {
  const router = useRouter();
  // Pending while a re-render is on its way: the group is then aria-busy (a pause stops new questions, not one
  // already asked; what it brings still lands).
  const [pending, startTransition] = useTransition();
  const live = useLive(path, initial, () => startTransition(() => router.replace(window.location.pathname + window.location.search, { scroll: false })));
  // "Ended" once the page shows the end: its own render says the scope is over, or it already shows the last
  // version. Before, it appeared while the last re-render was still on its way, beside the counts of a step ago.
  const shown = !initial.live || initial.version === live.state.version;
  // Until then it still says Live (the page is still taking new data).
  return <LiveControl live={{ ...live, live: live.live || (live.ended && !shown), ended: live.ended && shown }} what={what} busy={pending} />;
}
