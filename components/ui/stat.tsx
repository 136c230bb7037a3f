// Headline numbers as a description list, so each value is announced together with its label.
import type { ReactNode } from "react";

export function StatGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className="stat-grid" aria-label={label}>
      {children}
    </dl>
  );
}

interface StatProps {
  label: string;
  value: ReactNode;
  /** The counts behind the value, e.g. "812 of 1,024 train rollouts". */
  detail?: ReactNode;
}

export function Stat({ label, value, detail }: StatProps) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd className="stat-value">{value}</dd>
      {detail !== undefined && detail !== null && <dd className="stat-detail">{detail}</dd>}
    </div>
  );
}
