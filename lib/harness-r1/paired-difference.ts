// The paired difference of two evaluation cells on the tasks both attempted (DESIGN.md, "Statistics the UI
// shows"): dᵢ = p̂ᵢ(a) − p̂ᵢ(b), Δ = mean dᵢ, SE = sd(dᵢ)/√n, 95 % interval Δ ± 1.96·SE. Tasks that only one
// side attempted cannot be paired and are left out (counted, so the page can say so). No bootstrap here: the
// views draw many cells at once and the normal interval over tasks is what DESIGN.md asks for next to Δ.
import { mean, standardError } from "../stats/describe";
import { taskRate, Z95, type TaskAttempts } from "../results/pass-at-1";

export interface PairedDifference {
  /** Tasks attempted on both sides. */
  n: number;
  /** Mean dᵢ as a fraction; null without a shared task. */
  mean: number | null;
  /** sd(dᵢ)/√n; null below two shared tasks. */
  se: number | null;
  /** Δ ± 1.96·SE, not clipped (a difference may be negative); null when SE is. */
  ci: [number, number] | null;
  /** Tasks only one side attempted. */
  unpaired: number;
}

export function pairedDifference(a: readonly TaskAttempts[], b: readonly TaskAttempts[]): PairedDifference {
  const bById = new Map(b.filter((t) => t.attempts > 0).map((t) => [t.taskId, t]));
  const d: number[] = [];
  let unpaired = 0;
  for (const t of a) {
    if (t.attempts === 0) continue;
    const other = bById.get(t.taskId);
    if (other) {
      d.push(taskRate(t) - taskRate(other));
      bById.delete(t.taskId);
    } else unpaired++;
  }
  unpaired += bById.size;
  const m = mean(d);
  const se = standardError(d);
  return { n: d.length, mean: m, se, ci: m === null || se === null ? null : [m - Z95 * se, m + Z95 * se], unpaired };
}
