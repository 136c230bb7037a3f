"use client";
// The producer's original JSON of one turn, pretty-printed, fetched when "Raw" is switched on.
import { useMemo } from "react";
import { countLines } from "@/lib/trajectory/preview";
import { useRawTurn } from "./use-rollout-data";
import { TextBlock } from "./text-block";
import styles from "./turn-card.module.css";

export function RawJson({ rolloutId, turnIdx }: { rolloutId: string; turnIdx: number }) {
  const { data, error, isPending } = useRawTurn(rolloutId, turnIdx, true);
  const text = useMemo(() => (data && data.raw !== null ? JSON.stringify(data.raw, null, 2) : null), [data]);
  return (
    <section className={styles.raw} aria-label={`Raw JSON of turn ${turnIdx}`}>
      <div className={styles.fieldLabel}>Raw JSON</div>
      {isPending && <p className="muted small">Loading…</p>}
      {error && <p className="error small" role="alert">{error.message}</p>}
      {data && text === null && <p className="muted small">No original JSON was kept for this turn.</p>}
      {text !== null && <TextBlock text={text} lineCount={countLines(text)} label={`Raw JSON of turn ${turnIdx}`} />}
    </section>
  );
}
