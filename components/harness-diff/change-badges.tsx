// The small labels of a changed harness file: what happened to it, what kind of file it is, and, for a hook,
// where in the agent's lifecycle it runs (with its place among the four positions).
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { FileChange, FileChangeStatus } from "@/lib/harness-diff/file-changes";
import { lifecycleIndex } from "@/lib/harness-diff/lifecycle";
import { HOOK_POSITIONS } from "@/lib/domain/vocabulary";
import styles from "./harness-diff.module.css";

const STATUS_TONES: Record<FileChangeStatus, BadgeTone> = {
  added: "success",
  removed: "danger",
  modified: "info",
  unchanged: "neutral",
};

export function ChangeStatusBadge({ status }: { status: FileChangeStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{status}</Badge>;
}

/** "hook · pre_action" for hooks (with the position it moved from, if it moved), the kind for other files. */
export function KindBadge({ change }: { change: Pick<FileChange, "kind" | "hookPosition" | "previous"> }) {
  const { kind, hookPosition, previous } = change;
  const movedFrom = previous?.kind === "hook" && previous.hookPosition !== hookPosition ? previous.hookPosition : null;
  if (kind === "hook" && hookPosition) {
    const title = `Lifecycle hook at position ${lifecycleIndex(hookPosition)} of ${HOOK_POSITIONS.length}: ${hookPosition}` +
      (movedFrom ? ` (was ${movedFrom})` : "");
    return (
      <Badge tone="accent" title={title}>
        {movedFrom ? `hook · ${movedFrom} → ${hookPosition}` : `hook · ${hookPosition}`}
      </Badge>
    );
  }
  return (
    <Badge tone="outline" title={previous && previous.kind !== kind ? `was ${previous.kind}` : undefined}>
      {previous && previous.kind !== kind ? `${previous.kind} → ${kind}` : kind}
    </Badge>
  );
}

/** "+4 −2", with "≈" when the counts are an estimate. */
export function LineCounts({ added, removed, exact = true }: { added: number; removed: number; exact?: boolean }) {
  const approx = exact ? "" : "≈";
  return (
    <span className={styles.counts} title={`${exact ? "" : "about "}${added} lines added, ${removed} removed`}>
      <span className={styles.added}>
        {approx}+{added}
      </span>{" "}
      <span className={styles.removed}>
        {approx}−{removed}
      </span>
    </span>
  );
}
