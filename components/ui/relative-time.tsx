// "5 min ago" with the exact UTC time on hover. Works in server and client components (no hooks).
import { formatDateTime, formatRelativeTime } from "@/lib/format";

export function RelativeTime({ ms }: { ms: number | null | undefined }) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return <span className="muted">—</span>;
  return (
    // The relative text depends on the clock, which differs between the server render and hydration.
    <time dateTime={new Date(ms).toISOString()} title={formatDateTime(ms)} suppressHydrationWarning>
      {formatRelativeTime(ms)}
    </time>
  );
}
