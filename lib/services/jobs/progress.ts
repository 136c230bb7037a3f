// How a job reports progress: a line of its own on stdout (so in its log, wherever it runs — locally or on a
// Slurm node) holding one JSON object `{"harness_lab_progress": 0.4, "message": "step 2 of 5"}`. The
// supervisor reads the log as it grows; nothing else is needed from the job (no extra endpoint, no token use).
export const PROGRESS_KEY = "harness_lab_progress";
const MAX_MESSAGE = 500;

export interface ProgressReport {
  fraction: number;
  message: string | null;
}

/** The line a job prints (what programs/reference-job uses; any language can print the same). */
export function progressLine(fraction: number, message?: string): string {
  return JSON.stringify({ [PROGRESS_KEY]: fraction, ...(message ? { message } : {}) });
}

/** The progress report a line holds, or null. Fractions are clamped to [0, 1]; messages are cut to 500 chars. */
export function parseProgressLine(line: string): ProgressReport | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{") || !trimmed.includes(PROGRESS_KEY)) return null;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const fraction = record[PROGRESS_KEY];
  if (typeof fraction !== "number" || !Number.isFinite(fraction)) return null;
  const message = typeof record.message === "string" ? record.message.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, MAX_MESSAGE) : null;
  return { fraction: Math.min(1, Math.max(0, fraction)), message };
}

/**
 * Feeds a chunk of log text (which may end inside a line) and returns the last progress report in it plus the
 * unfinished tail to prepend to the next chunk. Tails longer than 64 KB are dropped: no progress line is that long.
 */
export function scanProgress(carry: string, chunk: string): { last: ProgressReport | null; carry: string } {
  const lines = (carry + chunk).split("\n");
  const rest = lines.pop() ?? "";
  let last: ProgressReport | null = null;
  for (const line of lines) last = parseProgressLine(line) ?? last;
  return { last, carry: rest.length > 65_536 ? "" : rest };
}
