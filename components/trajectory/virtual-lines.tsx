"use client";
// A very long text (a 870 KB observation, a 16,000-line patch, a big raw JSON) in a box of bounded
// height whose lines are virtualized: every line has the same height and only the ones in view (plus
// a few) are in the DOM, however long the text. Used by TextBlock and the patch view.
import { useEffect, useMemo, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { rangesOverlapping } from "@/lib/trajectory/find-matches";
import { lineIndexAt } from "@/lib/trajectory/text-lines";
import { HighlightedText, type Range } from "./highlighted-text";
import styles from "./text-block.module.css";

export const LINE_HEIGHT = 18;
const MAX_HEIGHT = 560;

export interface DisplayLine {
  start: number;
  end: number;
  /** Extra class for the line (diff colouring). */
  className?: string;
}

interface Props {
  text: string;
  lines: readonly DisplayLine[];
  label: string;
  ranges?: readonly Range[];
  active?: Range | null;
  /** Scroll to this line when it changes (a file of a patch). */
  scrollToLine?: number | null;
  lineNumbers?: boolean;
}

export function VirtualLines({ text, lines, label, ranges = [], active = null, scrollToLine = null, lineNumbers = false }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 12,
    initialRect: { width: 800, height: MAX_HEIGHT },
  });
  const starts = useMemo(() => lines.map((l) => [l.start, l.end] as const), [lines]);

  // Keyed on the offset, not the range object: a re-render must not pull the box back to the match.
  const activeStart = active ? active[0] : null;
  useEffect(() => {
    if (activeStart !== null) virtualizer.scrollToIndex(lineIndexAt(starts, activeStart), { align: "center" });
  }, [activeStart, starts, virtualizer]);
  useEffect(() => {
    if (scrollToLine !== null) virtualizer.scrollToIndex(scrollToLine, { align: "start" });
  }, [scrollToLine, virtualizer]);

  const height = Math.min(lines.length * LINE_HEIGHT, MAX_HEIGHT) + 2;
  return (
    <div
      ref={scrollRef}
      className={styles.lines}
      style={{ height, ["--line-height" as string]: `${LINE_HEIGHT}px` }}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index];
          const lineRanges = ranges.length > 0 ? rangesOverlapping(ranges, line.start, Math.max(line.end, line.start + 1)) : undefined;
          return (
            <div
              key={item.key}
              className={line.className ? `${styles.line} ${line.className}` : styles.line}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {lineNumbers && <span className={styles.lineNumber}>{item.index + 1}</span>}
              <HighlightedText
                text={text.slice(line.start, line.end)}
                offset={line.start}
                ranges={lineRanges}
                active={active && active[0] < line.end && active[1] > line.start ? active : null}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
