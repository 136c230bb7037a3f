"use client";
// A list that must not move under its reader (the trajectory list, the inbox): new rows are announced —
// "3 new rollouts — show" — and come in when the reader asks (a server re-render of the list), never by
// themselves. With the Live indicator and its pause.
import { startTransition, useState } from "react";
import { useRouter } from "next/navigation";
import type { LiveState } from "@/db/queries/live-state";
import { formatCount } from "@/lib/format";
import { useLive } from "./use-live";
import { LiveControl } from "./live-control";
import styles from "./live.module.css";

interface Props {
  /** The live address without `since`. */
  path: string;
  initial: LiveState;
  /** What the list counts: "rollouts" (new rollouts since the page's newest) or "proposals". */
  counting: "rollouts" | "proposals";
  what: string;
}

export function NewRowsNotice({ path, initial, counting, what }: Props) {
  const router = useRouter();
  const [baseline, setBaseline] = useState(initial);
  const address = counting === "rollouts" ? `${path}${path.includes("?") ? "&" : "?"}since=${baseline.newestRollout}` : path;
  const live = useLive(address, { ...initial, ...(counting === "rollouts" ? { newRollouts: 0 } : {}) }, () => {});
  const fresh = counting === "rollouts" ? (live.state.newRollouts ?? 0) : Math.max(0, live.state.proposals - baseline.proposals);
  const noun = counting === "rollouts" ? (fresh === 1 ? "new rollout" : "new rollouts") : fresh === 1 ? "new proposal" : "new proposals";
  return (
    <div className={styles.notice}>
      <LiveControl live={live} what={what} />
      {fresh > 0 && (
        <span aria-live="polite" className="small">
          {formatCount(fresh)} {noun}{" "}
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setBaseline(live.state);
              startTransition(() => router.refresh());
            }}
          >
            Show
          </button>
        </span>
      )}
    </div>
  );
}
