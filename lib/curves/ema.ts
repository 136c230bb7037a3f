// Smoothing of a training curve by an exponential moving average with bias correction (as TensorBoard and
// Adam do): ema_t = β·ema_{t−1} + (1 − β)·v_t from ema_0 = 0, shown as ema_t / (1 − β^t). Without the
// correction the first points are pulled towards 0, which on a short run (46 policy updates) reads as a
// rising curve that is not there. t counts the values seen, so a gap (null) neither moves the average nor
// ages it; the smoothed value at a gap is null too.

export function ema(values: ReadonlyArray<number | null>, beta: number): Array<number | null> {
  if (!(beta >= 0 && beta < 1)) throw new RangeError(`the smoothing factor must be in [0, 1), not ${beta}`);
  if (beta === 0) return values.map((v) => (v === null || !Number.isFinite(v) ? null : v));
  const out: Array<number | null> = new Array(values.length);
  let average = 0;
  let weight = 1; // β^t
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || !Number.isFinite(v)) {
      out[i] = null;
      continue;
    }
    average = beta * average + (1 - beta) * v;
    weight *= beta;
    out[i] = average / (1 - weight);
  }
  return out;
}
