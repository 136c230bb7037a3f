"use client";
// pass@1 over checkpoints, reusable on any page: <Pass1Curves scopes={[{ kind: "experiment", id }]} … />. One
// chart per benchmark and one for the equal-weight average, a line per harness version with its 95 % band,
// each point a link to its matrix cell (and the flips since the previous checkpoint), the harness changes, the
// source of every line, and the numbers as a table with CSV / PNG export. The x axis lives in the address (p1x).
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { PASS1_X_PARAM, pass1Axis } from "@/lib/curves/pass-at-1-address";
import { pass1ChartView } from "@/lib/curves/pass-at-1-chart";
import { pass1Table } from "@/lib/curves/pass-at-1-table";
import type { Pass1Curves as Curves, Pass1Scope } from "@/lib/curves/pass-at-1-types";
import { X_AXES, X_AXIS_LABELS, type XAxis } from "@/lib/curves/x-axis";
import { Pass1Chart } from "./pass1-chart";
import { CurveValues } from "./curve-values";
import { downloadChartsPng } from "./png-export";
import { usePass1Curves } from "./use-pass1-curves";
import styles from "./run-curves.module.css";

export interface Pass1CurvesProps {
  scopes: Pass1Scope[];
  /** Names of the scopes ("kind:id" → name), used in line names when several are overlaid. */
  scopeNames?: Record<string, string>;
  title: string;
  headingLevel?: 2 | 3;
  /** What the server computed for one API path, so the first paint needs no fetch. */
  initial?: { path: string; data: Curves[] };
  /** Shown when no scope has a point to draw. */
  emptyText?: string;
  /** A note above the charts (e.g. scopes left out). */
  note?: string;
}

const NO_NAMES: Record<string, string> = {};

export function Pass1Curves({ scopes, scopeNames = NO_NAMES, title, headingLevel = 2, initial, emptyText, note }: Pass1CurvesProps) {
  const params = useSearchParams();
  const pathname = usePathname();
  const [chosen, setChosen] = useState<XAxis | null>(null);
  const x = chosen ?? pass1Axis(params.get(PASS1_X_PARAM));
  const query = usePass1Curves(scopes, x, initial);
  const chartsRef = useRef<HTMLDivElement>(null);
  const [pngStatus, setPngStatus] = useState("");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const SubHeading = headingLevel === 2 ? "h3" : "h4";
  const headingId = useMemo(() => `pass1-${title.replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}-heading`, [title]);

  const view = useMemo(() => (query.data ? pass1ChartView(query.data, (s) => scopeNames[`${s.kind}:${s.id}`] ?? s.id) : null), [query.data, scopeNames]);
  const table = useMemo(() => (query.data ? pass1Table(query.data) : null), [query.data]);

  const chooseAxis = (next: XAxis) => {
    setChosen(next);
    const search = new URLSearchParams(params.toString());
    if (next === "step") search.delete(PASS1_X_PARAM);
    else search.set(PASS1_X_PARAM, next);
    const q = search.toString();
    window.history.replaceState(null, "", `${pathname}${q ? `?${q}` : ""}${window.location.hash}`);
  };

  const exportPng = async () => {
    if (!chartsRef.current) return;
    try {
      const bytes = await downloadChartsPng(chartsRef.current, title, "pass-at-1-curves.png");
      setPngStatus(`Downloaded the charts as pass-at-1-curves.png (${Math.round(bytes / 1024)} KB).`);
    } catch (e) {
      setPngStatus(`Could not export the charts: ${e instanceof Error ? e.message : String(e)}.`);
    }
  };

  return (
    <section className={styles.curves} aria-labelledby={headingId} data-pass1-state={query.isFetching || !view ? "loading" : "ready"}>
      <Heading id={headingId}>{title}</Heading>
      <p className="muted small prose-text">
        pass@1 of each evaluated checkpoint: per task the success rate over repeats, then the mean over tasks; the band is the
        95 % interval over tasks. One line per harness version; the last chart is the equal-weight average over benchmarks.
        Dashed lines are a trainer&apos;s reported pass@1 (no per-task results, no interval). Each point opens its cell in the
        evaluation matrix with the tasks that flipped since the previous checkpoint.
      </p>
      {note && <p className="notice small" role="note">{note}</p>}
      {scopes.length === 0 ? (
        <p className="muted">{emptyText ?? "Nothing chosen to draw."}</p>
      ) : query.isError ? (
        <p className="error" role="alert">The pass@1 curves could not be loaded: {query.error.message}</p>
      ) : !view || !table ? (
        <p className="muted" role="status">Loading pass@1…</p>
      ) : view.drawn === 0 && view.charts.every((c) => c.lines.every((l) => l.withoutX === 0)) ? (
        <p className="muted">{emptyText ?? "No evaluated checkpoint and no reported pass@1 yet."}</p>
      ) : (
        <>
          <div className={styles.toolbar}>
            <fieldset className={styles.fieldset}>
              <legend>pass@1 x axis</legend>
              {X_AXES.map((axis) => (
                <label key={axis} className={styles.check}>
                  <input type="radio" name={`${headingId}-x`} value={axis} checked={x === axis} onChange={() => chooseAxis(axis)} />
                  {axis === "step" ? "checkpoint step" : X_AXIS_LABELS[axis]}
                </label>
              ))}
            </fieldset>
            <button type="button" className="button button-secondary button-small" onClick={exportPng}>Download PNG</button>
            <span role="status" className="muted small">{query.isFetching ? "Updating…" : pngStatus}</span>
          </div>
          <div ref={chartsRef} className={styles.charts}>
            {view.charts.map((c) => <Pass1Chart key={c.key} chart={c} axis={view.x} markers={view.markers} />)}
          </div>
          {view.markers.length > 0 && (
            <div className={styles.markers}>
              <SubHeading className={styles.markersTitle}>Where the harness changed</SubHeading>
              <ul aria-label="pass@1 harness changes">
                {view.markers.map((m, i) => (
                  <li key={i} className="small">
                    <span className={styles.swatch} style={{ background: m.color }} aria-hidden="true" />
                    {m.scopeName && <span>{m.scopeName}: </span>}
                    <strong>{m.text}</strong> <span className="muted">(training run {m.run})</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <CurveValues table={table} name="pass@1 curves" />
        </>
      )}
    </section>
  );
}
