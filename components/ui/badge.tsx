// A small pill label. Tones map to the colour variables in globals.css.
import type { ReactNode } from "react";

export type BadgeTone = "neutral" | "success" | "danger" | "warning" | "info" | "accent" | "outline";

interface Props {
  tone?: BadgeTone;
  title?: string;
  children: ReactNode;
}

export function Badge({ tone = "neutral", title, children }: Props) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}
