// How one recorded detail of an audit entry reads: times the code recorded as epoch milliseconds (`expiresAt`,
// `finishedAt`, `at` …) as dates, other values as text or JSON. A reviewer reads "2026-12-01 18:20 UTC", not
// 1796149200000.
import { formatDateTime } from "@/lib/format";

/** Epoch ms between 2001 and 2100: a number under a time-like key outside that range is shown as it is. */
const MIN_EPOCH_MS = 978_307_200_000;
const MAX_EPOCH_MS = 4_102_444_800_000;

function isTimeKey(key: string): boolean {
  return key === "at" || /(At|_at|Time|_time)$/.test(key);
}

export function auditDetailText(key: string, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && isTimeKey(key) && Number.isInteger(value) && value >= MIN_EPOCH_MS && value <= MAX_EPOCH_MS) {
    return formatDateTime(value);
  }
  return JSON.stringify(value);
}
