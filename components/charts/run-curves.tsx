"use client";
// Training curves of one or more runs, reusable on any page: <RunCurves runIds={[…]} title="…" />. Settings
// (series, runs to overlay, x axis, smoothing) live in the address; the data comes from GET /api/v1/curves
// through react-query (or from the server's first render), one chart per series with every run overlaid,
// then the markers, the source of each line, and the numbers as a table with CSV / PNG export.
import { useEffect, useMemo, useRef, useState } from "react";
import { runColor } from "@/lib/curves/chart-data";
import { runDisplayName } from "@/lib/curves/curve-text";
import { curvesTable } from "@/lib/curves/curves-table";
import { curveLabel, isRateKey, TRAINING_KEYS } from "@/lib/curves/training-series";
import type { CurvesResponse } from "@/lib/curves/types";
import type { XAxis } from "@/lib/curves/x-axis";
import { CurveChart, type ChartLine } from "./curve-chart";
import { CurveMarkers } from "./curve-markers";
import { CurveValues } from "./curve-values";
import { CurvesControls, type RunChoice } from "./curves-controls";
import { downloadChartsPng } from "./png-export";
import { useCurveSettings } from "./use-curve-settings";
import { useCurves } from "./use-curves";
import styles from "./run-curves.module.css";

export interface RunOption {
  id: string;
  name: string | null;
  experimentName: string;
}

export interface RunCurvesProps {
  /** The runs drawn when the address names none. */
  runIds: string[];
  /** The series drawn when the address names none; the five training rates' first two by default. */
  defaultKeys?: string[];
  title: string;
  /** Runs offered in the overlay picker (default: runIds). Runs the address names outside these are dropped with a note. */
  runOptions?: RunOption[];
  defaultX?: XAxis;
  /** Prefix of this view's query parameters, for a page that holds two views or parameters of its own. */
  paramPrefix?: string;
  headingLevel?: 2 | 3;
  /** What the server rendered for one settings address (curvesApiPath), so the first paint needs no fetch. */
  initial?: { path: string; data: CurvesResponse };
}

const DEFAULT_KEYS = [TRAINING_KEYS[0], TRAINING_KEYS[1]];

export const CURVES_HYDRATED_MARK = "harness-lab:curves-hydrated";

export function RunCurves({ runIds, defaultKeys = DEFAULT_KEYS, title, runOptions, defaultX, paramPrefix = "", headingLevel = 2, initial }: RunCurvesProps) {
  const known = useMemo(() => (runOptions ? runOptions.map((r) => r.id) : null), [runOptions]);
  const { settings, problems, update } = useCurveSettings({ runs: runIds, keys: defaultKeys, x: defaultX }, paramPrefix, known);
  const query = useCurves(settings, initial);
  const data = query.data;
  const chartsRef = useRef<HTMLDivElement>(null);
  const [pngStatus, setPngStatus] = useState("");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // For programs/bench/curves-bench.ts: how much of the time to a drawn chart is spent before the page is live.
    if (!performance.getEntriesByName(CURVES_HYDRATED_MARK).length) performance.mark(CURVES_HYDRATED_MARK);
  }, []);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `curves-${paramPrefix || "main"}-heading`;

  const view = useMemo(() => {
    if (!data) return null;
    const across = new Set(data.runs.map((r) => r.experimentId)).size > 1 || new Set(runOptions?.map((r) => r.experimentName)).size > 1;
    const names = new Map(data.runs.map((r) => [r.id, runDisplayName(r, across)]));
    const colors = new Map(data.runs.map((r) => [r.id, runColor(settings.runs.indexOf(r.id) >= 0 ? settings.runs.indexOf(r.id) : 0)]));
    const name = (id: string) => names.get(id) ?? id;
    const color = (id: string) => colors.get(id) ?? runColor(0);
    const keys = [...new Set(data.series.map((s) => s.key))];
    const charts = keys.map((key) => ({
      key,
      lines: data.series.filter((s) => s.key === key).map((s): ChartLine => ({ runId: s.run, name: name(s.run), color: color(s.run), series: s })),
    }));
    const markers = data.markers.map((m) => ({ ...m, runName: name(m.run), color: color(m.run) }));
    const metricKeys = [...new Set(data.runs.flatMap((r) => r.metricKeys))].sort();
    return { names, name, color, charts, markers, metricKeys, table: curvesTable(data, name), across };
  }, [data, runOptions, settings.runs]);

  const runChoices: RunChoice[] = (runOptions ?? runIds.map((id) => ({ id, name: view?.names.get(id) ?? id, experimentName: "" }))).map((r) => ({
    id: r.id,
    label: r.name ?? r.id,
    group: r.experimentName,
    color: settings.runs.includes(r.id) ? runColor(settings.runs.indexOf(r.id)) : null,
  }));

  const exportPng = async () => {
    if (!chartsRef.current) return;
    try {
      const bytes = await downloadChartsPng(chartsRef.current, title, "training-curves.png");
      setPngStatus(`Downloaded the charts as training-curves.png (${Math.round(bytes / 1024)} KB).`);
    } catch (e) {
      setPngStatus(`Could not export the charts: ${e instanceof Error ? e.message : String(e)}.`);
    }
  };

  return (
    <section className={styles.curves} aria-labelledby={headingId} data-curves-state={query.isFetching || !data ? "loading" : "ready"}>
      <Heading id={headingId}>{title}</Heading>
      {problems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {problems.map((p) => `${p.field}: ${p.message}`).join("; ")}.
        </p>
      )}
      <CurvesControls settings={settings} metricKeys={view?.metricKeys ?? []} runChoices={runChoices} ready={hydrated} onChange={update} />
      {settings.runs.length === 0 ? (
        <p className="muted">Choose at least one run to draw.</p>
      ) : settings.keys.length === 0 ? (
        <p className="muted">Choose at least one series to draw.</p>
      ) : query.isError ? (
        <p className="error" role="alert">The curves could not be loaded: {query.error.message}</p>
      ) : !view ? (
        <p className="muted" role="status">Loading the curves…</p>
      ) : (
        <>
          <div className={styles.toolbar}>
            <button type="button" className="button button-secondary button-small" onClick={exportPng}>Download PNG</button>
            <span role="status" className="muted small">{query.isFetching ? "Updating…" : pngStatus}</span>
          </div>
          <div ref={chartsRef} className={styles.charts}>
            {view.charts.map((c) => (
              <CurveChart key={c.key} curveKey={c.key} label={curveLabel(c.key)} axis={data!.x} smoothing={data!.smoothing} rate={isRateKey(c.key)}
                lines={c.lines} markers={view.markers} />
            ))}
          </div>
          <CurveMarkers markers={view.markers} headingLevel={headingLevel === 2 ? 3 : 4} />
          <CurveValues table={view.table} name="training curves" />
        </>
      )}
    </section>
  );
}
