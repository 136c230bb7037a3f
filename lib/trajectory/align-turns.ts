// Compare two rollouts: which turn of the left stands next to which turn of the right. By index is
// the plain reading; by step lines up the k-th model decision of each side, so an extra hook message
// or a longer prompt on one side does not shift everything after it.

export type AlignMode = "index" | "step";

export interface AlignableTurn {
  idx: number;
  role: string;
}

/** One row of the comparison: an index into each side's turn list, or null for a gap. */
export type AlignedRow = [left: number | null, right: number | null];

/**
 * Steps of a trajectory: everything before the first assistant turn is step 0 (the prompts), then each
 * assistant turn opens a step that holds it and the turns up to the next assistant turn (observations,
 * feedback). Returns list indices grouped by step.
 */
export function stepsOf(turns: readonly AlignableTurn[]): number[][] {
  const steps: number[][] = [[]];
  turns.forEach((turn, i) => {
    if (turn.role === "assistant" && (steps.length > 1 || steps[0].length > 0)) steps.push([]);
    steps[steps.length - 1].push(i);
  });
  // A trajectory that opens with an assistant turn has no prompt step; keep step numbers comparable.
  if (turns[0]?.role === "assistant") steps.unshift([]);
  return steps;
}

export function alignTurns(left: readonly AlignableTurn[], right: readonly AlignableTurn[], mode: AlignMode): AlignedRow[] {
  const rows: AlignedRow[] = [];
  if (mode === "index") {
    for (let i = 0; i < Math.max(left.length, right.length); i++) rows.push([i < left.length ? i : null, i < right.length ? i : null]);
    return rows;
  }
  const leftSteps = stepsOf(left);
  const rightSteps = stepsOf(right);
  for (let s = 0; s < Math.max(leftSteps.length, rightSteps.length); s++) {
    const l = leftSteps[s] ?? [];
    const r = rightSteps[s] ?? [];
    for (let i = 0; i < Math.max(l.length, r.length); i++) rows.push([l[i] ?? null, r[i] ?? null]);
  }
  return rows;
}
