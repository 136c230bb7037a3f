// The three x axes of a training curve: the step, the epoch (a step's fractional position inside its epoch,
// so epoch 2 spans [2, 3) whatever its number of steps) and wall time (ms).

export const X_AXES = ["step", "epoch", "time"] as const;
export type XAxis = (typeof X_AXES)[number];

export const X_AXIS_LABELS: Record<XAxis, string> = { step: "step", epoch: "epoch", time: "wall time" };

/** Steps and their epochs as two columns of equal length (a series, or a run's training steps). */
export interface StepEpochColumns {
  step: readonly number[];
  epoch: ReadonlyArray<number | null>;
}

/**
 * x on the epoch axis for every step whose epoch is known in any of the sources: epoch + (rank of the step
 * inside its epoch) / (steps of that epoch). A step named under several epochs counts under the smallest.
 */
export function epochPositions(sources: readonly StepEpochColumns[]): Map<number, number> {
  const epochOf = new Map<number, number>();
  for (const { step: steps, epoch: epochs } of sources) {
    for (let i = 0; i < steps.length; i++) {
      const epoch = epochs[i];
      if (epoch === null) continue;
      const known = epochOf.get(steps[i]);
      if (known === undefined || epoch < known) epochOf.set(steps[i], epoch);
    }
  }
  const byEpoch = new Map<number, number[]>();
  for (const [step, epoch] of epochOf) {
    const list = byEpoch.get(epoch);
    if (list) list.push(step);
    else byEpoch.set(epoch, [step]);
  }
  const positions = new Map<number, number>();
  for (const [epoch, list] of byEpoch) {
    list.sort((a, b) => a - b);
    list.forEach((step, rank) => positions.set(step, epoch + rank / list.length));
  }
  return positions;
}
