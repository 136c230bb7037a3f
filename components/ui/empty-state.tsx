// What a list shows when the store holds nothing for it yet: says why and what to do, never fake rows.
import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
