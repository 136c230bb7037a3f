"use client";
// A word of the trade with its meaning (lib/glossary.ts) on hover and on keyboard focus. The word is focusable
// (Tab reaches it) and carries the meaning as its accessible description (aria-description), so screen readers
// announce it; the visible tooltip (role="tooltip") exists only while the word is hovered or focused, and
// Escape hides it. Being absent otherwise, the hint never adds to a cell's text (sorting, exports, copying).
import { useState, type ReactNode } from "react";
import { GLOSSARY, type GlossaryTerm } from "@/lib/glossary";

export function Term({ term, children }: { term: GlossaryTerm; children: ReactNode }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const hint = GLOSSARY[term];
  const open = (hovered || focused) && !dismissed;
  return (
    <span
      className="term"
      tabIndex={0}
      aria-description={hint}
      onMouseEnter={() => { setHovered(true); setDismissed(false); }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => { setFocused(true); setDismissed(false); }}
      onBlur={() => setFocused(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setDismissed(true);
        }
      }}
    >
      {children}
      {open && (
        <span role="tooltip" className="term-hint">
          {hint}
        </span>
      )}
    </span>
  );
}
