"use client";
// Harness-R1: the frozen target's success rate under the best patch found so far, over the engineer's training
// steps, beside its success under the bare harness on the same batches; which patch was best at each step in
// the tooltip and the table (CSV / PNG export like every chart). Data comes prepared (lib/harness-r1/
// best-patch-curve.ts); this only draws.
import { useRef, useState } from "react";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { rateAxisMax, runColor } from "@/lib/curves/chart-data";
import type { BestPatchCurve } from "@/lib/harness-r1/best-patch-curve";
import { formatPercent } from "@/lib/format";
import type { TableData } from "@/lib/tables/table-data";
import { downloadChartsPng } from "@/components/charts/png-export";
import { CurveValues } from "@/components/charts/curve-values";
import { TOOLTIP_BELOW_PLOT } from "@/components/charts/curve-tooltip";
import chartStyles from "@/components/charts/run-curves.module.css";

const BASELINE_COLOR = "#8a8f98";

function Chart({ curve, name }: { curve: BestPatchCurve; name: string }) {
  const top = Math.max(0, ...curve.points.flatMap((p) => [p.success, p.baseline]));
  const words = `Success rate of the target by engineer step for ${name}: under the best patch so far and under H0 on the same batches (${curve.points.length} ${curve.points.length === 1 ? "step" : "steps"}).`;
  return (
    <figure className={chartStyles.chart} data-curve-chart={`best-patch:${curve.run ?? ""}`} data-title={`Target success under the best patch so far · ${name}`}>
      <figcaption className={chartStyles.chartTitle}><strong>{name}</strong></figcaption>
      <div className={chartStyles.plot}>
        <LineChart responsive accessibilityLayer={false} role="img" aria-label={words} style={{ width: "100%", height: 260 }} margin={{ top: 18, right: 20, bottom: 4, left: 4 }} data={curve.points}>
          <CartesianGrid stroke="#d9dde3" strokeDasharray="3 3" />
          <XAxis dataKey="step" type="number" allowDecimals={false} domain={["dataMin", "dataMax"]} stroke="#8a8f98" fontSize={11} />
          <YAxis domain={[0, rateAxisMax(top)]} width={52} stroke="#8a8f98" fontSize={11} tickFormatter={(v: number) => formatPercent(v, 0)} />
          <Tooltip isAnimationActive={false} {...TOOLTIP_BELOW_PLOT}
            content={({ active, payload }) => {
              const p = active ? (payload?.[0]?.payload as BestPatchCurve["points"][number] | undefined) : undefined;
              if (!p) return null;
              return (
                <div className={chartStyles.tooltip}>
                  <div className={chartStyles.tooltipTitle}>step {p.step}</div>
                  <div>{p.patchLabel}</div>
                  <div>under it {formatPercent(p.success)}, under H0 {formatPercent(p.baseline)} ({p.batches} {p.batches === 1 ? "batch" : "batches"})</div>
                </div>
              );
            }} />
          <Line dataKey="baseline" name="under H0 on the same batches" stroke={BASELINE_COLOR} strokeDasharray="5 4" strokeWidth={1.5} dot={false} isAnimationActive={false} />
          <Line dataKey="success" name="under the best patch so far" stroke={runColor(0)} strokeWidth={2} dot={curve.points.length <= 30 ? { r: 2.5 } : false} isAnimationActive={false} />
        </LineChart>
      </div>
      <ul className={chartStyles.sources}>
        <li className="small"><span className={chartStyles.swatch} style={{ background: runColor(0) }} aria-hidden="true" />under the best patch so far: <span className="muted">mean patched success over its evaluated batches (stored patch evaluations)</span></li>
        <li className="small"><span className={chartStyles.swatch} style={{ background: BASELINE_COLOR }} aria-hidden="true" />under H0 on the same batches</li>
        {curve.withoutStep > 0 && <li className={`small ${chartStyles.reduced}`}>{curve.withoutStep} patch evaluations belong to packets whose rollouts name no step: not placed.</li>}
      </ul>
    </figure>
  );
}

export function BestPatchCurveSection({ curves, runNames, table }: { curves: BestPatchCurve[]; runNames: Record<string, string>; table: TableData }) {
  const ref = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState("");
  const drawn = curves.filter((c) => c.points.length > 0);
  const exportPng = async () => {
    if (!ref.current) return;
    try {
      const bytes = await downloadChartsPng(ref.current, "Target success under the best patch so far", "best-patch-curve.png");
      setStatus(`Downloaded the charts as best-patch-curve.png (${Math.round(bytes / 1024)} KB).`);
    } catch (e) {
      setStatus(`Could not export the charts: ${e instanceof Error ? e.message : String(e)}.`);
    }
  };
  return (
    <section className="section" aria-labelledby="best-patch-curve">
      <h2 id="best-patch-curve">Target success under the best patch so far</h2>
      <p className="prose-text muted">
        After each engineer step, the patch with the highest mean reward r(B, P) over all its valid, complete evaluations so far, and the
        frozen target&apos;s mean success rate under it on those batches (the grey dashed line: under the bare harness on the same
        batches). A packet&apos;s step is the step its failed rollouts name.
      </p>
      {drawn.length === 0 ? (
        <div className="empty-state">
          <p>
            No placed patch evaluation yet: <code>patch_evaluation</code> events of valid, complete patches, whose <code>failure_packet</code>
            lists rollouts that name a <code>step</code>, draw this curve.
            {curves.some((c) => c.withoutStep > 0) && " Some patch evaluations belong to packets whose rollouts name no step."}
          </p>
        </div>
      ) : (
        <>
          <div className={chartStyles.toolbar}>
            <button type="button" className="button button-secondary button-small" onClick={exportPng}>Download PNG</button>
            <span role="status" className="muted small">{status}</span>
          </div>
          <div ref={ref} className={chartStyles.charts}>
            {drawn.map((c) => <Chart key={c.run ?? ""} curve={c} name={c.run === null ? "packets without a run" : runNames[c.run] ?? c.run} />)}
          </div>
          <CurveValues table={table} name="best patch so far" />
        </>
      )}
    </section>
  );
}
