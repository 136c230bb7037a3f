"use client";
// A whole text once it has been fetched: wrapped in a bounded scroll box when it is moderate, as
// virtualized lines when it is large (so the DOM stays small for a 870 KB field).
import { useMemo } from "react";
import { displayLines } from "@/lib/trajectory/text-lines";
import { HighlightedText, type Range } from "./highlighted-text";
import { VirtualLines } from "./virtual-lines";
import styles from "./text-block.module.css";

// Above either limit a wrapped <pre> would lay out tens of thousands of lines at once.
const WRAPPED_MAX_CHARS = 60_000;
const WRAPPED_MAX_LINES = 400;

interface Props {
  text: string;
  lineCount: number;
  label: string;
  tone?: "mono" | "prose" | "muted";
  ranges?: readonly Range[];
  active?: Range | null;
}

export function TextBlock({ text, lineCount, label, tone = "mono", ranges, active }: Props) {
  const large = text.length > WRAPPED_MAX_CHARS || lineCount > WRAPPED_MAX_LINES;
  const lines = useMemo(() => (large ? displayLines(text).map(([start, end]) => ({ start, end })) : null), [large, text]);
  if (lines) return <VirtualLines text={text} lines={lines} label={label} ranges={ranges} active={active} lineNumbers />;
  return (
    <pre className={`${styles.pre} ${styles.bounded} ${tone === "prose" ? styles.prose : ""} ${tone === "muted" ? styles.muted : ""}`} tabIndex={0} aria-label={label}>
      <HighlightedText text={text} ranges={ranges} active={active} />
    </pre>
  );
}
