// How the task generator runs candidate sources in the sandbox (shared by the generator and the site
// screen).
import type { SandboxRunOptions } from "./sandbox";

/**
 * The templates' calls loop at most a few dozen times (a test of the catalogue checks 100), so a
 * candidate past 300 iterations is runaway: found in a fraction of a millisecond and deterministically
 * (never by the wall clock), so a seed always yields the same tasks. The rest of a runaway variant's
 * calls are skipped (it is rejected anyway). The watchdog is only a far-off backstop: no catalogue code
 * can hang once its loops are counted.
 */
export const GENERATOR_RUN_OPTIONS: SandboxRunOptions = { maxLoopIterations: 300, maxTimeouts: 1, timeoutMs: 2_000, abandonAfterRunaway: true };
