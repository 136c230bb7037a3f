"use client";
// What a live page says about itself: "Live" while it follows new data (with a Pause button), "Paused" (with
// Resume) while the reader stopped it, "Ended" once the run or job is over; nothing for a scope that never was
// live. The words are the indicator (colour only repeats them). A named group, not a status region: a page's own
// status line (a decision's outcome, a save) stays the one status a reader — or a test — finds there.
import styles from "./live.module.css";

export interface LiveControlState {
  /** Following right now (or would be, but for the pause). */
  live: boolean;
  paused: boolean;
  setPaused(paused: boolean): void;
  ended: boolean;
  error: Error | null;
}

/** `busy`: the page is taking new data right now (aria-busy on the group). */
export function LiveControl({ live, what, busy = false }: { live: LiveControlState; what: string; busy?: boolean }) {
  const { paused, ended, error } = live;
  if (!live.live && !ended) return null;
  return (
    <span className={styles.control} role="group" aria-label="Live updates" aria-busy={busy || undefined}>
      {ended ? (
        <span className={styles.ended} aria-live="polite">
          Ended: {what} is no longer updating
        </span>
      ) : (
        <>
          <span className={paused ? styles.paused : styles.live} aria-live="polite" title={paused ? `Live updates of ${what} are paused` : `Following ${what} as new data arrives`}>
            {paused ? "Paused" : "Live"}
          </span>
          <button type="button" className="button button-secondary button-small" aria-pressed={paused} onClick={() => live.setPaused(!paused)}>
            {paused ? "Resume live updates" : "Pause live updates"}
          </button>
        </>
      )}
      {error && !paused && (
        <span className="small muted" role="alert">
          Could not check for updates: {error.message}
        </span>
      )}
    </span>
  );
}
