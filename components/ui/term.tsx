// A word of the trade with its meaning (lib/glossary.ts) shown on hover and on keyboard focus: the word is
// focusable and names the hint as its accessible description (aria-describedby → role="tooltip"), so screen
// readers announce it and keyboard users reach it with Tab. Works in server and client components.
import { useId, type ReactNode } from "react";
import { GLOSSARY, type GlossaryTerm } from "@/lib/glossary";

export function Term({ term, children }: { term: GlossaryTerm; children: ReactNode }) {
  const id = useId();
  return (
    <span className="term">
      <span className="term-word" tabIndex={0} aria-describedby={id}>
        {children}
      </span>
      <span role="tooltip" id={id} className="term-hint">
        {GLOSSARY[term]}
      </span>
    </span>
  );
}
