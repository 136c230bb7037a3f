// What the ablation section draws and lists, prepared once on the server from the chosen set: per environment
// the bars (change in pass@1 when a position is removed, in pp, with its paired 95 % interval), a sentence for
// screen readers, the rankings side by side, and the tables as data (same values, full precision).
import { formatIntervalPp, formatPp } from "../stats/format-stats";
import type { TableData } from "../tables/table-data";
import type { AblationDrop, AblationSet } from "./ablation";
import { meanDropOverEnvironments, rankingDiffers, type PositionMean } from "./ranking";

const pp = (fraction: number | null) => (fraction === null ? null : fraction * 100);

export interface AblationBar {
  position: string;
  /** pass@1(F without p) − pass@1(F) on shared tasks, in pp: negative when removing p costs. */
  changePp: number | null;
  /** The interval of the change, in pp. */
  lowPp: number | null;
  highPp: number | null;
  tasks: number;
  /** "−6.0 pp", for the bar's label. */
  text: string;
}

export interface AblationChart {
  benchmark: string;
  bars: AblationBar[];
  /** The chart described in words (its aria-label). */
  description: string;
}

function bar(d: AblationDrop): AblationBar {
  const change = d.drop.mean === null ? null : -d.drop.mean;
  const ci = d.drop.ci === null ? null : ([-d.drop.ci[1], -d.drop.ci[0]] as [number, number]);
  return { position: d.position, changePp: pp(change), lowPp: ci && pp(ci[0]), highPp: ci && pp(ci[1]), tasks: d.drop.n, text: formatPp(pp(change)) };
}

export function ablationCharts(set: AblationSet, fullLabel: string): AblationChart[] {
  return set.benchmarks.map(({ benchmark, bars: drops }) => {
    const bars = drops.map(bar);
    const parts = drops.map((d, i) => {
      const ci = d.drop.ci === null ? "no interval" : `95 % interval ${formatIntervalPp([-d.drop.ci[1], -d.drop.ci[0]])}`;
      return `${d.position} ${bars[i].text} (${ci}, ${d.drop.n} tasks)`;
    });
    return {
      benchmark, bars,
      description: `Bar chart for ${benchmark}: change in pass@1 when one hook position is removed from ${fullLabel}, largest drop first: ${parts.join("; ")}.`,
    };
  });
}

export interface RankingTable {
  /** Rank, then one column per environment, then the mean when there is one. */
  table: TableData;
  means: PositionMean[];
  differs: boolean;
}

/** The rankings side by side, rank by rank: "pre_action (−6.0 pp)" in each environment's column. */
export function rankingTable(set: AblationSet): RankingTable {
  const means = meanDropOverEnvironments(set);
  const depth = Math.max(0, ...set.benchmarks.map((b) => b.bars.length));
  const cell = (position: string, drop: number | null) => `${position} (${formatPp(pp(drop === null ? null : -drop))})`;
  const columns = ["Rank", ...set.benchmarks.map((b) => b.benchmark), ...(means.length ? ["Mean over environments"] : [])];
  const rows = Array.from({ length: depth }, (_, i) => [
    i + 1,
    ...set.benchmarks.map((b) => (b.bars[i] ? cell(b.bars[i].position, b.bars[i].drop.mean) : null)),
    ...(means.length ? [means[i] ? cell(means[i].position, means[i].mean) : null] : []),
  ]);
  return { table: { columns, rows }, means, differs: rankingDiffers(set) };
}

/** Every bar with its numbers: the chart's data as a table (pp and pass@1 in percent, full precision). */
export function ablationTable(set: AblationSet, labelOf: (versionId: string) => string): TableData {
  const columns = [
    "Environment", "Rank", "Hook position", "Change when removed (pp)", "95% CI low (pp)", "95% CI high (pp)", "SE (pp)",
    "Paired tasks", "pass@1 full (%)", "pass@1 without (%)", "Version without the position", "How it differs",
  ];
  const rows = set.benchmarks.flatMap(({ benchmark, bars }) =>
    bars.map((d, i) => [
      benchmark, i + 1, d.position,
      pp(d.drop.mean === null ? null : -d.drop.mean),
      d.drop.ci && pp(-d.drop.ci[1]), d.drop.ci && pp(-d.drop.ci[0]), pp(d.drop.se),
      d.drop.n, pp(d.fullScore), pp(d.ablatedScore), labelOf(d.ablatedId),
      d.kind === "removed" ? `removed ${d.paths.join(", ")}` : `reverted ${d.paths.join(", ")} to the parent's`,
    ]),
  );
  return { columns, rows };
}

/** Tick steps in pp, smallest first: the first that needs at most MAX_TICKS ticks is taken. */
const STEPS = [1, 2, 5, 10, 20, 25, 50, 100];
// Three charts side by side leave ~250 px per axis: more than 7 labels collide.
const MAX_TICKS = 7;

/**
 * One x range for every environment's chart, so bars compare across charts: it spans every bar and interval and
 * 0, widened to whole steps of 1, 2, 5, 10 … pp, with the ticks at those steps.
 */
export function chartAxis(charts: readonly AblationChart[]): { domain: [number, number]; ticks: number[] } {
  let lo = 0;
  let hi = 0;
  for (const b of charts.flatMap((c) => c.bars)) {
    for (const x of [b.changePp, b.lowPp, b.highPp]) {
      if (x === null) continue;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  for (const step of STEPS) {
    const from = Math.floor(lo / step) * step;
    const to = Math.ceil(hi / step) * step;
    const count = Math.round((to - from) / step) + 1;
    if (count <= MAX_TICKS || step === STEPS[STEPS.length - 1]) {
      return { domain: [from, to], ticks: Array.from({ length: count }, (_, i) => from + i * step) };
    }
  }
  /* c8 ignore next */
  throw new Error("unreachable");
}
