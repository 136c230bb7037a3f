"use client";
// Untrusted text with find matches marked. Built from React text nodes and <mark> elements only, so
// markup in model output stays text; control characters are shown as visible symbols (never
// interpreted), one for one, so match offsets stay valid. The active match scrolls itself into view.
import { memo, useEffect, useMemo, useRef } from "react";
import { highlightPieces } from "@/lib/trajectory/find-matches";
import { showControlChars } from "@/lib/trajectory/control-chars";

export type Range = readonly [number, number];

interface Props {
  text: string;
  /** Where `text` starts in its field (a line of a long field starts later than 0). */
  offset?: number;
  ranges?: readonly Range[];
  active?: Range | null;
}

export const HighlightedText = memo(function HighlightedText({ text, offset = 0, ranges, active = null }: Props) {
  const pieces = useMemo(
    () => (ranges && ranges.length > 0 ? highlightPieces(text, ranges, active, offset) : null),
    [text, ranges, active, offset],
  );
  if (!pieces) return <>{showControlChars(text)}</>;
  return (
    <>
      {pieces.map((piece) =>
        piece.mark ? (
          <Mark key={piece.start} active={piece.active} text={piece.text} />
        ) : (
          <span key={piece.start}>{showControlChars(piece.text)}</span>
        ),
      )}
    </>
  );
});

function Mark({ text, active }: { text: string; active: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!active) return;
    // After the list has placed the row: bring the match itself into view inside any scroll boxes.
    const frame = requestAnimationFrame(() => ref.current?.scrollIntoView({ block: "nearest", inline: "nearest" }));
    return () => cancelAnimationFrame(frame);
  }, [active]);
  return (
    <mark ref={ref} data-active={active ? "true" : undefined} aria-current={active ? "true" : undefined}>
      {showControlChars(text)}
    </mark>
  );
}
