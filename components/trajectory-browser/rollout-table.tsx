"use client";
// The browser's table: the server's first page, further pages fetched with the same URL state and the
// cursor as the list scrolls (react-query useInfiniteQuery), rows virtualized so the DOM holds only those
// in view however many are loaded. An ARIA grid, so the selected row is announced (aria-selected).
// Keys: j / k move the selection, Enter opens it, / goes to the search box (never while typing in a field).
// A new filter or sort mounts a new table (the parent keys it by the URL), so selection and scroll start over.
// Columns follow the one table's priorities (components/tables/columns.ts): on a narrow screen the id, outcome
// and reward stay and "Show all columns" brings the rest back; the first column stays put when scrolled sideways.
// The switch, the priorities' rules and the sticky first column are the one table's (components/tables/table-frame),
// not a copy: only the rows are this grid's own, because they are virtualised.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { BrowserRow } from "@/db/queries/rollout-browser-rows";
import { browserHref, browserSearchParams, toggleSort, type BrowserState } from "@/lib/trajectories/browser-query";
import { rolloutBrowserQuery, type BrowserPage } from "@/components/api-queries";
import { columnsFor, RolloutRow, rolloutHref } from "./rollout-row";
import { KeyboardHint } from "@/components/ui/keyboard-hint";
import { stickyFirstColumn, TableFrame } from "@/components/tables/table-frame";
import styles from "./browser.module.css";

export type PageData = BrowserPage;

interface Props {
  state: BrowserState;
  basePath: string;
  initialPage: PageData;
}

const ROW_HEIGHT = 52;
const ROW_HEIGHT_WITH_MATCH = 60;
/**
 * The scroll box's height before it is measured (it is at most 70vh: 630 px at 900 px high). The virtualizer
 * draws the rows that fit in it, so the server's HTML already holds the first screen of rows; with no height
 * (its default) it drew none until the browser had hydrated the table and measured the box.
 */
const INITIAL_VIEW = { width: 0, height: 630 };
/** Fetch the next page when the last loaded rows come this close to the view. */
const PREFETCH_ROWS = 15;

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable='true'], [contenteditable='']") !== null;
}

export function RolloutTable({ state, basePath, initialPage }: Props) {
  const router = useRouter();
  const query = browserSearchParams(state).toString();
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, error } = useInfiniteQuery({
    ...rolloutBrowserQuery(query, initialPage),
    // Rollouts never change once stored; new ones show on the next visit rather than reshuffling the list.
    initialData: { pages: [initialPage], pageParams: [null] },
    refetchOnWindowFocus: false,
  });
  const rows = useMemo(() => data.pages.flatMap((p) => p.rollouts), [data]);
  const showMatch = state.filter.q !== undefined;
  const rowHeight = showMatch ? ROW_HEIGHT_WITH_MATCH : ROW_HEIGHT;

  const scrollRef = useRef<HTMLDivElement>(null);
  // The server's HTML holds rows, so a reader can scroll before the page hydrates; the virtualizer then starts
  // from offset 0 and scrolls the box back to the top. This layout effect runs before the virtualizer's (hooks
  // in order) and keeps where the reader was, so the rows in view (and the next page's fetch) follow it.
  const offsetBeforeHydration = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (offsetBeforeHydration.current === null) offsetBeforeHydration.current = scrollRef.current?.scrollTop ?? 0;
  }, []);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 8, initialRect: INITIAL_VIEW });
  useLayoutEffect(() => {
    const offset = offsetBeforeHydration.current;
    if (offset) virtualizer.scrollToOffset(offset);
    offsetBeforeHydration.current = 0;
  }, [virtualizer]);
  const items = virtualizer.getVirtualItems();
  const [selected, setSelected] = useState(-1);

  const lastVisible = items.length ? items[items.length - 1].index : -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !error && Math.max(lastVisible, selected) >= rows.length - PREFETCH_ROWS) void fetchNextPage();
  }, [lastVisible, selected, rows.length, hasNextPage, isFetchingNextPage, error, fetchNextPage]);

  const move = useCallback((delta: number) => {
    setSelected((current) => {
      const next = Math.min(rows.length - 1, Math.max(0, current + delta));
      virtualizer.scrollToIndex(next, { align: "auto" });
      return next;
    });
  }, [rows.length, virtualizer]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      const typing = isTyping(event.target);
      if (event.key === "/" && !typing) {
        event.preventDefault();
        document.getElementById("browser-q")?.focus();
        return;
      }
      if (typing || rows.length === 0) return;
      if (event.key === "j") move(1);
      else if (event.key === "k") move(-1);
      else if (event.key === "Enter" && selected >= 0 && !(event.target instanceof HTMLElement && event.target.closest("a, button"))) {
        event.preventDefault();
        router.push(rolloutHref(rows[selected].id, state.filter.hook));
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [move, rows, selected, router, state.filter.hook]);

  const columns = columnsFor({ showMatch, oneExperiment: state.filter.experiment !== undefined, valueKey: state.filter.value });
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const total = hasNextPage ? -1 : rows.length;

  return (
    <>
      <TableFrame priorities={columns.map((c) => c.priority)}>
      <div ref={scrollRef} className={`table-wrap ${styles.scroll}`}>
        <table className={`table ${stickyFirstColumn} ${styles.table}`} role="grid" aria-label="Rollouts" aria-rowcount={total < 0 ? -1 : total + 1}>
          <colgroup>
            {columns.map((c) => <col key={c.id} style={{ width: c.width }} data-priority={c.priority} />)}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((c) => {
                const sorted = c.sort !== undefined && state.sort.key === c.sort;
                const ariaSort = !c.sort ? undefined : sorted ? (state.sort.dir === "desc" ? "descending" : "ascending") : "none";
                return (
                  <th key={c.id} scope="col" className={c.numeric ? "num" : undefined} aria-sort={ariaSort} data-priority={c.priority}>
                    {c.sort ? (
                      <Link href={browserHref(toggleSort(state, c.sort), basePath)} scroll={false} className={styles.sortLink}>
                        {c.label}
                        <span aria-hidden="true">{sorted ? (state.sort.dir === "desc" ? " ↓" : " ↑") : ""}</span>
                      </Link>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} className={styles.spacer} />}
            {items.map((item) => (
              <RolloutRow
                key={rows[item.index].id}
                row={rows[item.index]}
                index={item.index}
                selected={item.index === selected}
                columns={columns}
                height={rowHeight}
                onSelect={setSelected}
                hook={state.filter.hook}
              />
            ))}
            {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} className={styles.spacer} />}
          </tbody>
        </table>
      </div>
      </TableFrame>
      <p className="muted small" role="status">
        {error
          ? <span className="error">Could not load more rollouts: {error.message}</span>
          : isFetchingNextPage
            ? `Loading more… (${rows.length.toLocaleString("en-US")} shown)`
            : hasNextPage
              ? `${rows.length.toLocaleString("en-US")} shown; scroll for more.`
              : `${rows.length.toLocaleString("en-US")} shown, all that match.`}{" "}
        <KeyboardHint>
          <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>Enter</kbd> opens, <kbd>/</kbd> searches.
        </KeyboardHint>
      </p>
    </>
  );
}
