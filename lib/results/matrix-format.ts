// The matrix's texts: a cell as the paper would print it with its interval, "57.6 [52.1, 63.0]" (pass@1 in %,
// one decimal), its size "500 tasks × 3 repeats", and Δ in pp. Pure and locale-fixed.
import { formatCount } from "../format";
import { formatIntervalPp, formatPp } from "../stats/format-stats";
import type { PassAt1 } from "./pass-at-1";
import type { CellDelta } from "./eval-matrix";

const EM_DASH = "—";
const pct = (x: number) => (x * 100).toFixed(1);

/** "57.6 [52.1, 63.0]"; without an interval (one task) just "57.6"; "—" without a score. */
export function formatScoreWithCi(p: Pick<PassAt1, "score" | "ci"> | null): string {
  if (!p || p.score === null) return EM_DASH;
  return p.ci ? `${pct(p.score)} [${pct(p.ci[0])}, ${pct(p.ci[1])}]` : pct(p.score);
}

/** "500 tasks × 3 repeats"; attempts per task when they differ between tasks ("12 tasks × 1–3 attempts"). */
export function formatCellSize(p: Pick<PassAt1, "tasks" | "repeats"> | null, repeats: readonly number[]): string {
  if (!p || p.tasks === 0) return "no tasks";
  const tasks = `${formatCount(p.tasks)} task${p.tasks === 1 ? "" : "s"}`;
  if (p.repeats.min !== p.repeats.max) return `${tasks} × ${p.repeats.min}–${p.repeats.max} attempts`;
  const r = repeats.length === p.repeats.max ? repeats.length : p.repeats.max;
  return `${tasks} × ${r} ${r === 1 ? "repeat" : "repeats"}`;
}

/** "Δ +4.8 pp" and, when paired, "paired +4.8 pp [+1.2, +8.4] over 500 tasks". */
export function formatDelta(d: CellDelta): { delta: string; paired: string | null } {
  const delta = `Δ ${formatPp(d.pp)}`;
  if (!d.paired || d.paired.delta === null) return { delta, paired: null };
  const ci = d.paired.ci ? ` (${formatIntervalPp(d.paired.ci)})` : "";
  return { delta, paired: `paired ${formatPp(d.paired.delta * 100)}${ci} over ${formatCount(d.paired.shared)} tasks` };
}
