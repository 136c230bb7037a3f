// How the task generator runs candidate sources in the sandbox (shared by the generator and the site
// screen).
import type { SandboxRunOptions } from "./sandbox";

/**
 * The templates' calls loop at most a few dozen times (a test of the catalogue checks 100), so a
 * candidate past 300 iterations is runaway: found in a fraction of a millisecond, and the rest of that
 * variant's calls are skipped (it is rejected anyway).
 *
 * No wall-clock watchdog (timeoutMs 0): catalogue code cannot hang once its loops are counted — it has
 * no recursion (checked by the catalogue's tests; and runaway recursion ends in a stack overflow anyway)
 * and no operator creates a call. That saves the watchdog thread that is most of a run's cost, and
 * keeps generation entirely free of the clock: a busy machine can never change which tasks a seed gives.
 */
export const GENERATOR_RUN_OPTIONS: SandboxRunOptions = { maxLoopIterations: 300, maxTimeouts: 1, timeoutMs: 0, abandonAfterRunaway: true };
