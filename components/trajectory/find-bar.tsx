"use client";
// The find box of the viewer: Ctrl/Cmd+F focuses it, Enter and Shift+Enter step through the matches,
// Escape clears it; the status says "3 of 17".
import type { RefObject } from "react";
import styles from "./trajectory-viewer.module.css";

interface Props {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  status: string;
  onStep: (delta: 1 | -1) => void;
  canStep: boolean;
}

export function FindBar({ inputRef, query, onQuery, status, onStep, canStep }: Props) {
  return (
    <div className={styles.findBar} role="search" aria-label="Find in trajectory">
      <input
        ref={inputRef}
        type="search"
        className={styles.findInput}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onStep(e.shiftKey ? -1 : 1);
          } else if (e.key === "Escape") {
            onQuery("");
          }
        }}
        placeholder="Find in trajectory (Ctrl+F)"
        aria-label="Find in trajectory"
        maxLength={200}
        spellCheck={false}
      />
      <span className={`small ${styles.findStatus}`} role="status" aria-live="polite">{status}</span>
      <button type="button" className="button button-secondary button-small" onClick={() => onStep(-1)} disabled={!canStep} aria-label="Previous match">
        ↑
      </button>
      <button type="button" className="button button-secondary button-small" onClick={() => onStep(1)} disabled={!canStep} aria-label="Next match">
        ↓
      </button>
    </div>
  );
}
