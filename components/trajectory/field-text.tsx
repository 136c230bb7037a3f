"use client";
// One field of a turn (reasoning, response, action, observation, a hook's message). A long field shows
// its preview and a size hint; "Show all" fetches the whole text and expands it in place. A find match
// beyond the preview expands the field by itself.
import type { FieldSummary } from "@/lib/trajectory/types";
import { fieldSize, sizeHint } from "@/lib/trajectory/preview";
import { useFullTurn } from "./use-rollout-data";
import { HighlightedText, type Range } from "./highlighted-text";
import { TextBlock } from "./text-block";
import styles from "./text-block.module.css";
import cardStyles from "./turn-card.module.css";

interface Props {
  rolloutId: string;
  turnIdx: number;
  field: FieldSummary;
  /** What the field is, for people and for assistive technology ("Observation of turn 12"). */
  label: string;
  tone?: "mono" | "prose" | "muted";
  expanded: boolean;
  onToggle: (key: string) => void;
  ranges?: readonly Range[];
  active?: Range | null;
}

export function FieldText({ rolloutId, turnIdx, field, label, tone = "mono", expanded: expandedByUser, onToggle, ranges, active = null }: Props) {
  const truncated = field.full !== undefined;
  const size = fieldSize(field);
  const activeBeyondPreview = active !== null && active[1] > field.preview.length;
  const expanded = truncated && (expandedByUser || activeBeyondPreview);
  const full = useFullTurn(rolloutId, turnIdx, expanded);
  const text = expanded ? full.data?.fields[field.key] : undefined;
  const toneClass = tone === "prose" ? styles.prose : tone === "muted" ? styles.muted : "";

  if (text !== undefined) {
    return (
      <div>
        <TextBlock text={text} lineCount={size.lines} label={`${label}, all ${sizeHint(size)}`} tone={tone} ranges={ranges} active={active} />
        <div className={cardStyles.fieldFooter}>
          <button type="button" className="button button-secondary button-small" onClick={() => onToggle(field.key)} aria-expanded="true" disabled={activeBeyondPreview}>
            Show less
          </button>
          <span className="muted small">{sizeHint(size)}</span>
        </div>
      </div>
    );
  }

  if (size.length === 0) return <p className="muted small">(empty)</p>;

  return (
    <div>
      <pre className={`${styles.pre} ${toneClass}`}>
        <HighlightedText text={field.preview} ranges={ranges} active={active} />
        {truncated && <span className={cardStyles.ellipsis}>…</span>}
      </pre>
      {truncated && (
        <div className={cardStyles.fieldFooter}>
          <button type="button" className="button button-secondary button-small" onClick={() => onToggle(field.key)} aria-expanded="false"
            aria-label={`Show all of ${label} (${sizeHint(size)})`} disabled={full.isFetching}>
            {full.isFetching ? "Loading…" : "Show all"}
          </button>
          <span className="muted small">
            showing {field.preview.length.toLocaleString("en-US")} of {size.length.toLocaleString("en-US")} characters · {sizeHint(size)}
          </span>
          {full.error && <span className="error small" role="alert">{full.error.message}</span>}
        </div>
      )}
    </div>
  );
}
