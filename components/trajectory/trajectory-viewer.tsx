"use client";
// The turns of one rollout as a virtualized list scrolled with the page: only the turns in view (plus a
// few) are in the DOM, whatever the trajectory's length; rows are measured as they render. Find (Ctrl/Cmd+F) asks the
// server for matches over the full texts and scrolls the list to each; #turn-N deep-links a turn. Opened
// from the browser's "hook fired at" filter (?hook=<position>), the first turn holding such a hook is opened
// and scrolled to, and those hooks are highlighted.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { TurnSummary } from "@/lib/trajectory/types";
import type { HookPosition } from "@/lib/domain/vocabulary";
import { turnFromHash } from "@/lib/trajectory/turn-anchor";
import { useFindInRollout } from "./use-rollout-data";
import { useDebouncedValue } from "./use-debounced-value";
import { useTurnUiState } from "./turn-ui-state";
import { TurnCard, defaultOpen } from "./turn-card";
import { FindBar } from "./find-bar";
import { groupMatches } from "./group-matches";
import { estimateTurnHeight } from "./turn-height";
import { STICKY_TOP_PX, useListOffset } from "./use-list-offset";
import styles from "./trajectory-viewer.module.css";

/** Set once the viewer is interactive; the viewer benchmark reads it. */
export const VIEWER_READY_MARK = "harness-lab:viewer-ready";

interface Props {
  rolloutId: string;
  turns: TurnSummary[];
  /** The lifecycle position the rollout was opened for (the browser's hook filter). */
  focusHook?: HookPosition | null;
}

export function TrajectoryViewer({ rolloutId, turns, focusHook = null }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listOffset = useListOffset(listRef);
  const inputRef = useRef<HTMLInputElement>(null);
  const [ui, actions] = useTurnUiState();
  const taskIdx = useMemo(() => turns.find((t) => t.role === "user")?.idx ?? null, [turns]);
  const rowOf = useMemo(() => new Map(turns.map((t, i) => [t.idx, i])), [turns]);

  const [query, setQuery] = useState("");
  const settledQuery = useDebouncedValue(query.trim(), 200);
  const find = useFindInRollout(rolloutId, settledQuery);
  const result = settledQuery.length > 0 ? find.data : undefined;
  const matches = useMemo(() => result?.matches ?? [], [result]);
  const [activeIndex, setActiveIndex] = useState(0);
  useEffect(() => setActiveIndex(0), [matches]);
  const active = matches[activeIndex] ?? null;
  const matchesByTurn = useMemo(() => groupMatches(matches), [matches]);

  const [targeted, setTargeted] = useState<number | null>(null);
  const isOpen = useCallback(
    (turn: TurnSummary) => ui.get(turn.idx)?.open ?? defaultOpen(turn, turn.idx === taskIdx),
    [ui, taskIdx],
  );

  const virtualizer = useWindowVirtualizer({
    count: turns.length,
    estimateSize: (i) => estimateTurnHeight(turns[i], isOpen(turns[i])),
    getItemKey: (i) => turns[i].idx,
    overscan: 3,
    scrollMargin: listOffset,
    // A turn scrolled to lands below the sticky app header and find bar, not under them.
    scrollPaddingStart: STICKY_TOP_PX,
    // Lets the server render the first turns, so they show before the page's script has run.
    initialRect: { width: 1000, height: 720 },
  });

  const scrollToTurn = useCallback(
    (idx: number) => {
      const row = rowOf.get(idx);
      if (row !== undefined) virtualizer.scrollToIndex(row, { align: "start" });
    },
    [rowOf, virtualizer],
  );

  useEffect(() => {
    if (active) scrollToTurn(active[0]);
  }, [active, scrollToTurn]);

  // Opened for a hook position: show the first turn holding such a hook, opened, unless a #turn-N link says
  // where to go. Once, on load: the reader may collapse it again.
  const focusedHook = useRef(false);
  useEffect(() => {
    if (focusedHook.current || focusHook === null || turnFromHash(window.location.hash) !== null) return;
    focusedHook.current = true;
    const turn = turns.find((t) => t.hooks.some((h) => h.position === focusHook));
    if (!turn) return;
    actions.setOpen(turn.idx, true);
    scrollToTurn(turn.idx);
  }, [focusHook, turns, actions, scrollToTurn]);

  // Deep links: on load and whenever the hash changes (a turn's own "#N" link included).
  useEffect(() => {
    const follow = () => {
      const idx = turnFromHash(window.location.hash);
      if (idx === null || !rowOf.has(idx)) return;
      setTargeted(idx);
      scrollToTurn(idx);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [rowOf, scrollToTurn]);

  // Ctrl/Cmd+F inside the viewer (or with nothing focused, or a container of the viewer such as the page's
  // skip-link target) opens find: the browser's own find cannot see turns that are not rendered.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "f") return;
      const focused = document.activeElement;
      const root = rootRef.current;
      if (focused && root && !root.contains(focused) && !focused.contains(root)) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    performance.mark(VIEWER_READY_MARK);
  }, []);

  const step = (delta: 1 | -1) => {
    if (matches.length === 0) return;
    setActiveIndex((i) => (i + delta + matches.length) % matches.length);
  };

  let status = "";
  if (query.trim().length > 0) {
    if (find.isFetching || settledQuery !== query.trim()) status = "Searching…";
    else if (find.error) status = find.error.message;
    else if (matches.length === 0) status = "No matches";
    else status = `${activeIndex + 1} of ${matches.length}${result?.truncated ? "+" : ""}`;
  }

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={rootRef} className={styles.viewer} data-viewer-ready={ready ? "true" : undefined} data-last-turn={turns[turns.length - 1]?.idx}>
      <div className={styles.toolbar}>
        <FindBar inputRef={inputRef} query={query} onQuery={setQuery} status={status} onStep={step} canStep={matches.length > 0} />
        <span className="muted small">{turns.length.toLocaleString("en-US")} turns</span>
      </div>
      <div ref={listRef} className={styles.list} role="region" aria-label="Turn list">
        <div style={{ height: virtualizer.getTotalSize(), position: "relative", width: "100%" }}>
          <div className={styles.window} style={{ transform: `translateY(${(items[0]?.start ?? 0) - virtualizer.options.scrollMargin}px)` }}>
            {items.map((item) => {
              const turn = turns[item.index];
              return (
                <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className={styles.row}>
                  <TurnCard
                    rolloutId={rolloutId}
                    turn={turn}
                    isTask={turn.idx === taskIdx}
                    ui={ui.get(turn.idx)}
                    actions={actions}
                    matches={matchesByTurn.get(turn.idx)}
                    active={active && active[0] === turn.idx ? active : null}
                    targeted={targeted === turn.idx}
                    highlightHook={focusHook}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
