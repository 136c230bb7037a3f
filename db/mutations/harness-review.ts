// A reviewer's confirmation, at a launch, that they read an unreviewed harness version's code: the version is
// marked reviewed (by, at) and the audit log keeps what they were shown. Runs inside the launch's transaction.
import "server-only";
import type { Store } from "../client";
import { recordAudit } from "./audit-log";
import { userActor } from "../../lib/domain/audit-actor";

export interface HarnessReviewRecord {
  versionId: string;
  label: string;
  experimentId: string;
  arrivedVia: string;
  /** What the diff was taken against (null: no version a person vouched for; every file was new). */
  base: { id: string; label: string; incumbent: boolean } | null;
  filesChanged: string[];
}

export function recordHarnessReview(store: Store, reviewerId: string, review: HarnessReviewRecord, now: number): void {
  store.sqlite.prepare("UPDATE harness_versions SET reviewed_by = ?, reviewed_at = ? WHERE id = ? AND reviewed_by IS NULL").run(reviewerId, now, review.versionId);
  recordAudit(store, {
    ...userActor(reviewerId), action: "harness_version.review", targetKind: "harness_version", targetId: review.versionId, at: now,
    detail: {
      experiment: review.experimentId, label: review.label, arrivedVia: review.arrivedVia,
      incumbent: review.base?.incumbent ? { id: review.base.id, label: review.base.label } : null,
      comparedWith: review.base ? { id: review.base.id, label: review.base.label } : null,
      filesChanged: review.filesChanged,
    },
  });
}
