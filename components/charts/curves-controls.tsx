"use client";
// The settings of the curves view: which series, which runs (overlay), the x axis and the smoothing. Every
// change goes into the address through `onChange`; the slider waits for a pause before it does.
import { useEffect, useId, useRef, useState } from "react";
import { CURVE_LIMITS, type CurveSettings } from "@/lib/curves/curve-settings";
import { TRAINING_KEYS, TRAINING_LABELS } from "@/lib/curves/training-series";
import { X_AXES, X_AXIS_LABELS } from "@/lib/curves/x-axis";
import styles from "./run-curves.module.css";

export interface RunChoice {
  id: string;
  label: string;
  group: string;
  color: string | null;
}

interface Props {
  settings: CurveSettings;
  /** Trainer metric keys the runs reported. */
  metricKeys: string[];
  runChoices: RunChoice[];
  /** False until the page is hydrated: a choice made before would be lost. */
  ready: boolean;
  onChange(patch: Partial<CurveSettings>): void;
}

function toggle(list: string[], value: string, on: boolean, order: string[]): string[] {
  const next = on ? [...list, value] : list.filter((v) => v !== value);
  // Keep the offered order, so the same selection always makes the same address.
  return order.filter((v) => next.includes(v)).concat(next.filter((v) => !order.includes(v)));
}

export function CurvesControls({ settings, metricKeys, runChoices, ready, onChange }: Props) {
  const id = useId();
  const [smoothing, setSmoothing] = useState(settings.smoothing);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setSmoothing(settings.smoothing), [settings.smoothing]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const slide = (value: number) => {
    setSmoothing(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange({ smoothing: value }), 250);
  };

  const keyOrder = [...TRAINING_KEYS, ...metricKeys];
  const extraKeys = settings.keys.filter((k) => !keyOrder.includes(k));
  const keysFull = settings.keys.length >= CURVE_LIMITS.keys;
  const keyBox = (key: string, label: string) => {
    const checked = settings.keys.includes(key);
    return (
      <label key={key} className={styles.check}>
        <input type="checkbox" checked={checked} disabled={!checked && keysFull}
          onChange={(e) => onChange({ keys: toggle(settings.keys, key, e.currentTarget.checked, keyOrder) })} />
        {label}
      </label>
    );
  };

  const groups = [...new Set(runChoices.map((r) => r.group))];
  const runOrder = runChoices.map((r) => r.id);
  return (
    <fieldset className={styles.controls} disabled={!ready} aria-label="Curve settings">
      <fieldset className={styles.fieldset}>
        <legend>Training rates</legend>
        {TRAINING_KEYS.map((k) => keyBox(k, TRAINING_LABELS[k]))}
      </fieldset>
      {(metricKeys.length > 0 || extraKeys.length > 0) && (
        <fieldset className={`${styles.fieldset} ${styles.metricKeys}`}>
          <legend>Trainer metrics</legend>
          {[...metricKeys, ...extraKeys].map((k) => keyBox(k, k))}
        </fieldset>
      )}
      {runChoices.length > 1 && (
        <fieldset className={styles.fieldset}>
          <legend>Runs to overlay</legend>
          {groups.map((g) => {
            const boxes = runChoices.filter((r) => r.group === g).map((r) => {
                const checked = settings.runs.includes(r.id);
                return (
                  <label key={r.id} className={styles.check}>
                    <input type="checkbox" checked={checked} disabled={!checked && settings.runs.length >= CURVE_LIMITS.runs}
                      onChange={(e) => onChange({ runs: toggle(settings.runs, r.id, e.currentTarget.checked, runOrder) })} />
                    {r.color && <span className={styles.swatch} style={{ background: r.color }} aria-hidden="true" />}
                    {r.label}
                  </label>
                );
            });
            // Runs of several experiments are grouped under the experiment's name (their runs often share names).
            return groups.length > 1 ? (
              <fieldset key={g} className={styles.runGroup}>
                <legend className="muted small">{g}</legend>
                {boxes}
              </fieldset>
            ) : (
              <div key={g} className={styles.runGroup}>{boxes}</div>
            );
          })}
        </fieldset>
      )}
      <fieldset className={styles.fieldset}>
        <legend>X axis</legend>
        {X_AXES.map((x) => (
          <label key={x} className={styles.check}>
            <input type="radio" name={`${id}-x`} value={x} checked={settings.x === x} onChange={() => onChange({ x })} />
            {X_AXIS_LABELS[x]}
          </label>
        ))}
      </fieldset>
      <div className={styles.fieldset}>
        <label htmlFor={`${id}-smoothing`}>Smoothing (bias-corrected EMA, β)</label>
        <div className={styles.slider}>
          <input id={`${id}-smoothing`} type="range" min={0} max={CURVE_LIMITS.maxSmoothing} step={0.01} value={smoothing}
            onChange={(e) => slide(Number(e.currentTarget.value))} />
          <output htmlFor={`${id}-smoothing`} className="num">{smoothing.toFixed(2)}</output>
        </div>
        <span className="muted small">{smoothing === 0 ? "raw values only" : "raw line kept faint"}</span>
      </div>
    </fieldset>
  );
}
