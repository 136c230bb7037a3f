"use client";
// Two trajectories side by side. One virtualizer (scrolled with the page) runs over aligned row pairs,
// so both columns scroll as one and a turn always stands next to its counterpart; the row is as tall as the taller of the two.
import { useMemo, useRef } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { TurnSummary } from "@/lib/trajectory/types";
import { alignTurns, type AlignMode } from "@/lib/trajectory/align-turns";
import { useTurnUiState, type TurnUi, type TurnUiActions } from "./turn-ui-state";
import { TurnCard, defaultOpen } from "./turn-card";
import { estimateTurnHeight } from "./turn-height";
import { rolloutPath } from "@/lib/http/page-links";
import { STICKY_TOP_PX, useListOffset } from "./use-list-offset";
import styles from "./compare-view.module.css";

export interface CompareSide {
  rolloutId: string;
  label: string;
  turns: TurnSummary[];
}

interface Props {
  left: CompareSide;
  right: CompareSide;
  align: AlignMode;
}

function Cell({ side, index, taskIdx, ui, actions }: {
  side: CompareSide;
  index: number | null;
  taskIdx: number | null;
  ui: ReadonlyMap<number, TurnUi>;
  actions: TurnUiActions;
}) {
  if (index === null) return <div className={styles.gap} aria-hidden="true" />;
  const turn = side.turns[index];
  return (
    <TurnCard rolloutId={side.rolloutId} turn={turn} isTask={turn.idx === taskIdx} ui={ui.get(turn.idx)} actions={actions}
      linkBase={rolloutPath(side.rolloutId)} withAnchorId={false} />
  );
}

export function CompareView({ left, right, align }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  const listOffset = useListOffset(listRef);
  const [leftUi, leftActions] = useTurnUiState();
  const [rightUi, rightActions] = useTurnUiState();
  const rows = useMemo(() => alignTurns(left.turns, right.turns, align), [left.turns, right.turns, align]);
  const leftTask = useMemo(() => left.turns.find((t) => t.role === "user")?.idx ?? null, [left.turns]);
  const rightTask = useMemo(() => right.turns.find((t) => t.role === "user")?.idx ?? null, [right.turns]);

  const estimate = (i: number) => {
    const [l, r] = rows[i];
    const height = (side: CompareSide, index: number | null, taskIdx: number | null, ui: ReadonlyMap<number, TurnUi>) => {
      if (index === null) return 0;
      const turn = side.turns[index];
      return estimateTurnHeight(turn, ui.get(turn.idx)?.open ?? defaultOpen(turn, turn.idx === taskIdx));
    };
    return Math.max(height(left, l, leftTask, leftUi), height(right, r, rightTask, rightUi)) + 8;
  };

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: estimate,
    overscan: 3,
    scrollMargin: listOffset,
    scrollPaddingStart: STICKY_TOP_PX,
    initialRect: { width: 1200, height: 720 },
  });
  const items = virtualizer.getVirtualItems();

  return (
    <div>
      <div className={styles.columnsHead} aria-hidden="true">
        <div className="small muted">{left.label}</div>
        <div className="small muted">{right.label}</div>
      </div>
      <div ref={listRef} className={styles.list} role="region" aria-label="Aligned turns">
        <div style={{ height: virtualizer.getTotalSize(), position: "relative", width: "100%" }}>
          <div className={styles.window} style={{ transform: `translateY(${(items[0]?.start ?? 0) - virtualizer.options.scrollMargin}px)` }}>
            {items.map((item) => {
              const [l, r] = rows[item.index];
              return (
                <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className={styles.row} data-row={item.index}>
                  <div role="group" aria-label={`Left, ${l === null ? "no turn" : `turn ${left.turns[l].idx}`}`} className={styles.cell}>
                    <Cell side={left} index={l} taskIdx={leftTask} ui={leftUi} actions={leftActions} />
                  </div>
                  <div role="group" aria-label={`Right, ${r === null ? "no turn" : `turn ${right.turns[r].idx}`}`} className={styles.cell}>
                    <Cell side={right} index={r} taskIdx={rightTask} ui={rightUi} actions={rightActions} />
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
