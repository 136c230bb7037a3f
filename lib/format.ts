// Display formatting shared by server and client components. Pure and locale-fixed so the
// server-rendered HTML and the hydrated client render produce the same text.

const EM_DASH = "—";

/** A fraction 0..1 as a percentage ("46.5%"); "—" when unknown. */
export function formatPercent(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return EM_DASH;
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** An integer count with thousands separators ("18,056"). */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return EM_DASH;
  return Math.round(n).toLocaleString("en-US");
}

/** A real number such as a reward, trimmed to a few decimals ("0.5", "-0.125"). */
export function formatNumber(x: number | null | undefined, maxDigits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return EM_DASH;
  return x.toLocaleString("en-US", { maximumFractionDigits: maxDigits, useGrouping: false });
}

/** "n of m" behind a rate, so a percentage never hides how few rollouts it rests on. */
export function formatRatio(count: number, total: number): string {
  return `${formatCount(count)} of ${formatCount(total)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Absolute time in UTC ("2026-03-05 14:07 UTC"). UTC rather than the viewer's zone because the
 * server renders first and does not know it; a zone-dependent string would mismatch on hydration.
 */
export function formatDateTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return EM_DASH;
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

const UNITS: Array<[limitSeconds: number, unitSeconds: number, suffix: string]> = [
  [60 * 60, 60, "min"],
  [24 * 60 * 60, 60 * 60, "h"],
  [30 * 24 * 60 * 60, 24 * 60 * 60, "d"],
  [365 * 24 * 60 * 60, 30 * 24 * 60 * 60, "mo"],
  [Number.POSITIVE_INFINITY, 365 * 24 * 60 * 60, "y"],
];

/** Relative to `now` ("just now", "5 min ago", "3 d ago", "in 2 h"); "—" when unknown. */
export function formatRelativeTime(ms: number | null | undefined, now: number = Date.now()): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return EM_DASH;
  const diffSeconds = Math.round((now - ms) / 1000);
  const abs = Math.abs(diffSeconds);
  if (abs < 45) return "just now";
  for (const [limit, unit, suffix] of UNITS) {
    if (abs < limit) {
      const value = Math.max(1, Math.round(abs / unit));
      return diffSeconds >= 0 ? `${value} ${suffix} ago` : `in ${value} ${suffix}`;
    }
  }
  return formatDateTime(ms);
}

/** A duration in milliseconds as "850 ms", "12.3 s", "4 min 05 s", "2 h 03 min". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return EM_DASH;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const totalSeconds = Math.round(seconds);
  const minutes = Math.floor(totalSeconds / 60);
  if (minutes < 60) return `${minutes} min ${pad(totalSeconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`;
}
