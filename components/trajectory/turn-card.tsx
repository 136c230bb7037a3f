"use client";
// One turn of a trajectory. The model's reasoning (muted) is kept apart from its response and its
// action (a command shown as one); the observation carries its return code; hook messages appear where
// their lifecycle position puts them in the turn; a format error is flagged. System prompt and task
// start collapsed; a collapsed turn still shows its hook messages, each on its own line under the summary
// (a hook injected into the task turn was otherwise only a "1 hook" badge). Model output is only ever
// rendered as text.
import { memo, useState } from "react";
import type { FieldSummary, FindMatch, HookSummary, TurnSummary } from "@/lib/trajectory/types";
import type { HookPosition } from "@/lib/domain/vocabulary";
import { fieldSize, sizeHint } from "@/lib/trajectory/preview";
import { turnAnchorId } from "@/lib/trajectory/turn-anchor";
import { FieldText } from "./field-text";
import { HookBlock } from "./hook-block";
import { RawJson } from "./raw-json";
import type { Range } from "./highlighted-text";
import type { TurnUi, TurnUiActions } from "./turn-ui-state";
import styles from "./turn-card.module.css";

export interface TurnCardProps {
  rolloutId: string;
  turn: TurnSummary;
  /** The first user turn: the task prompt. */
  isTask: boolean;
  ui: TurnUi | undefined;
  actions: TurnUiActions;
  matches?: ReadonlyMap<string, Range[]>;
  /** The active find match when it lies in this turn. */
  active?: FindMatch | null;
  /** The turn a deep link (#turn-N) points at. */
  targeted?: boolean;
  /** Where the turn's link points: "" for this page, or the viewer's path from the compare page. */
  linkBase?: string;
  /** The id anchor for #turn-N; off where two trajectories share a page. */
  withAnchorId?: boolean;
  /** Hooks at this lifecycle position are highlighted: the rollout was opened from a "hook fired at" filter. */
  highlightHook?: HookPosition | null;
}

export function roleLabel(role: string, isTask: boolean): string {
  if (isTask) return "Task";
  return ({ system: "System prompt", user: "User", assistant: "Assistant", tool: "Tool", environment: "Environment" } as Record<string, string>)[role] ?? role;
}

export const defaultOpen = (turn: TurnSummary, isTask: boolean) => turn.role !== "system" && !isTask;

const FIELD_LABELS: Record<string, string> = { reasoning: "Reasoning", action_args: "Action arguments", observation: "Observation" };

function fieldLabel(field: FieldSummary, turn: TurnSummary): string {
  if (field.key === "action") return turn.actionKind === "command" ? "Action · command" : "Action";
  if (field.key === "content") return turn.role === "assistant" ? "Response" : turn.role === "tool" || turn.role === "environment" ? "Output" : "Message";
  return FIELD_LABELS[field.key] ?? field.key;
}

const ORDER: Array<string | HookPosition[]> = [["episode_init", "pre_decision"], "reasoning", "content", "action", "action_args", ["pre_action"], "observation", ["post_feedback"]];

function ReturnCode({ code }: { code: number | null }) {
  if (code === null) return null;
  return (
    <span className={`badge ${code === 0 ? "badge-success" : "badge-danger"}`} title="Return code of the command">
      rc {code}
    </span>
  );
}

export const TurnCard = memo(function TurnCard(props: TurnCardProps) {
  const { rolloutId, turn, isTask, ui, actions, matches, active = null, targeted = false, linkBase = "", withAnchorId = true, highlightHook = null } = props;
  const [copied, setCopied] = useState(false);
  const findHere = active !== null && active[0] === turn.idx;
  const open = findHere || (ui?.open ?? defaultOpen(turn, isTask));
  const label = roleLabel(turn.role, isTask);
  const href = `${linkBase}#${turnAnchorId(turn.idx)}`;
  const activeIn = (key: string): Range | null => (findHere && active![1] === key ? [active![2], active![3]] : null);
  const toggleField = (key: string) => actions.toggleField(turn.idx, key);

  const copyLink = () => {
    const url = new URL(href, window.location.href).toString();
    void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
  };

  const renderField = (field: FieldSummary) => (
    <section key={field.key} className={styles.field} data-field={field.key}>
      <div className={`${styles.fieldLabel} ${field.key === "reasoning" ? styles.reasoningLabel : ""}`}>
        {fieldLabel(field, turn)}
        {field.key === "observation" && <ReturnCode code={turn.returnCode} />}
      </div>
      <div className={field.key === "action" ? styles.action : undefined}>
        {field.key === "action" && turn.actionKind === "command" && <span className={styles.prompt} aria-hidden="true">$ </span>}
        <FieldText rolloutId={rolloutId} turnIdx={turn.idx} field={field} label={`${fieldLabel(field, turn)} of turn ${turn.idx}`}
          tone={field.key === "reasoning" ? "muted" : field.key === "content" && turn.role !== "tool" && turn.role !== "environment" ? "prose" : "mono"}
          expanded={ui?.expanded?.has(field.key) ?? false} onToggle={toggleField} ranges={matches?.get(field.key)} active={activeIn(field.key)} />
      </div>
    </section>
  );

  const renderHook = (h: HookSummary) => {
    const key = h.message?.key ?? `hook:${h.seq}`;
    return (
      <HookBlock key={h.seq} rolloutId={rolloutId} turnIdx={turn.idx} hook={h} expanded={ui?.expanded?.has(key) ?? false}
        onToggleField={toggleField} ranges={matches?.get(key)} active={activeIn(key)} highlighted={h.position === highlightHook} />
    );
  };
  const renderHooks = (positions: HookPosition[]) => turn.hooks.filter((h) => positions.includes(h.position)).map(renderHook);

  const fieldsByKey = new Map(turn.fields.map((f) => [f.key, f]));
  const mainField = turn.fields.find((f) => f.key === "content") ?? turn.fields[0];

  return (
    <article
      id={withAnchorId ? turnAnchorId(turn.idx) : undefined}
      className={`${styles.turn} ${styles[`role_${turn.role}`] ?? ""} ${targeted ? styles.targeted : ""}`}
      aria-label={`Turn ${turn.idx} · ${label}`}
      aria-current={targeted ? "location" : undefined}
      data-turn={turn.idx}
    >
      <header className={styles.header}>
        <a href={href} className={`mono ${styles.anchor}`} aria-label={`Link to turn ${turn.idx}`}>#{turn.idx}</a>
        <span className={`badge ${styles.roleBadge}`} data-role={turn.role}>{label}</span>
        {turn.formatError && <span className="badge badge-danger" title="The model's output could not be parsed into an action">format error</span>}
        {turn.hooks.length > 0 && <span className="badge badge-accent" title="Hook messages in this turn">{turn.hooks.length} hook{turn.hooks.length === 1 ? "" : "s"}</span>}
        <ReturnCode code={turn.returnCode} />
        {turn.tokens !== null && <span className="muted small">{turn.tokens.toLocaleString("en-US")} tokens</span>}
        {targeted && <span className="badge badge-info">linked</span>}
        <span className={styles.headerActions}>
          <button type="button" className="button button-secondary button-small" onClick={copyLink}>{copied ? "Copied" : "Copy link"}</button>
          <button type="button" className="button button-secondary button-small" aria-pressed={ui?.raw ?? false} disabled={!turn.hasRaw}
            title={turn.hasRaw ? "The producer's original JSON of this turn" : "No original JSON was kept for this turn"}
            onClick={() => actions.toggleRaw(turn.idx)}>Raw</button>
          <button type="button" className="button button-secondary button-small" aria-expanded={open}
            onClick={() => actions.setOpen(turn.idx, !open)} disabled={findHere}>{open ? "Collapse" : "Show"}</button>
        </span>
      </header>
      {open ? (
        <div className={styles.body}>
          {ORDER.map((entry) => (Array.isArray(entry) ? renderHooks(entry) : fieldsByKey.has(entry) ? renderField(fieldsByKey.get(entry)!) : null))}
          {turn.fields.length === 0 && turn.hooks.length === 0 && <p className="muted small">Empty turn.</p>}
        </div>
      ) : (
        <>
          <p className={`muted small ${styles.collapsed}`}>
            {label} collapsed{mainField ? ` · ${sizeHint(fieldSize(mainField))}` : ""}
          </p>
          {turn.hooks.length > 0 && <div className={styles.collapsedHooks}>{turn.hooks.map(renderHook)}</div>}
        </>
      )}
      {ui?.raw && <RawJson rolloutId={rolloutId} turnIdx={turn.idx} />}
    </article>
  );
});
