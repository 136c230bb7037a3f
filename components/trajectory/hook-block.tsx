"use client";
// A message a harness hook injected, marked as such: a "hook" label, its lifecycle position
// (episode_init, pre_decision, pre_action, post_feedback), the hook's name and its effect. `highlighted`
// marks the hooks a rollout was opened for (the browser's "hook fired at" filter, carried as ?hook=).
import type { HookSummary } from "@/lib/trajectory/types";
import { FieldText } from "./field-text";
import type { Range } from "./highlighted-text";
import styles from "./turn-card.module.css";

const EFFECT_TONES: Record<string, string> = {
  inject: "badge-info",
  rewrite: "badge-warning",
  refuse: "badge-danger",
  recover: "badge-accent",
  observe: "badge-neutral",
};

interface Props {
  rolloutId: string;
  turnIdx: number;
  hook: HookSummary;
  expanded: boolean;
  onToggleField: (key: string) => void;
  ranges?: readonly Range[];
  active?: Range | null;
  highlighted?: boolean;
}

export function HookBlock({ rolloutId, turnIdx, hook, expanded, onToggleField, ranges, active, highlighted = false }: Props) {
  const name = hook.hook ?? "unnamed hook";
  return (
    <aside className={`${styles.hook} ${highlighted ? styles.hookHighlighted : ""}`} aria-label={`Hook message at ${hook.position}: ${name}`} aria-current={highlighted ? "true" : undefined}>
      <div className={styles.hookHeader}>
        <span className={`badge ${styles.hookLabel}`}>hook</span>
        <span className="badge badge-outline" title="Lifecycle position">{hook.position}</span>
        <span className="mono small">{name}</span>
        {hook.effect && <span className={`badge ${EFFECT_TONES[hook.effect] ?? "badge-neutral"}`} title="Effect">{hook.effect}</span>}
        {highlighted && <span className="badge badge-warning">matches the filter</span>}
      </div>
      {hook.message ? (
        <FieldText rolloutId={rolloutId} turnIdx={turnIdx} field={hook.message} label={`Hook message of ${name} in turn ${turnIdx}`}
          expanded={expanded} onToggle={onToggleField} ranges={ranges} active={active} tone="prose" />
      ) : (
        <p className="muted small">No message.</p>
      )}
    </aside>
  );
}
