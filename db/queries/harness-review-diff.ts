// What a reviewer is shown before confirming an unreviewed harness version at a launch: how it arrived, what it
// is compared with (reviewBaseFor) and, per changed file, the changed lines as text — or, with nothing reviewed
// to compare with (an untrusted H0), every file whole, every line as added.
import "server-only";
import type { Store } from "../client";
import { compareHarnessFiles } from "../../lib/harness-diff/file-changes";
import { changedLines, MAX_REVIEW_LINES, MAX_WHOLE_FILE_LINES, type ChangedLines } from "../../lib/harness-trust/changed-lines";
import { getHarnessVersionWithFiles } from "./harness-version-files";
import { getHarnessTrust, listHarnessTrust, reviewBaseFor, type HarnessTrust } from "./harness-trust";

export interface ReviewFileChange extends ChangedLines {
  path: string;
  status: "added" | "removed" | "modified";
}

export interface HarnessReview {
  version: HarnessTrust;
  base: { id: string; label: string; incumbent: boolean } | null;
  files: ReviewFileChange[];
}

export function getHarnessReview(store: Store, version: HarnessTrust): HarnessReview {
  const base = reviewBaseFor(store, version);
  const files = (id: string | undefined) =>
    (id ? getHarnessVersionWithFiles(store, id)?.files ?? [] : []).map((f) => ({ path: f.path, kind: f.kind, hookPosition: f.hookPosition, content: f.content }));
  const changes = compareHarnessFiles(files(base?.id), files(version.id));
  // Against a base the full Monaco diff is linked beside the capped text; with none, the text is all there is.
  const maxLines = base ? MAX_REVIEW_LINES : MAX_WHOLE_FILE_LINES;
  return {
    version,
    base,
    files: changes.flatMap((c) => (c.status === "unchanged" ? [] : [{ path: c.path, status: c.status, ...changedLines(c.original, c.modified, maxLines) }])),
  };
}

/** The reviews for one id list (unknown or trusted ids are left out). */
export function getHarnessReviews(store: Store, ids: readonly string[]): HarnessReview[] {
  return getHarnessTrust(store, ids).filter((t) => t.unreviewed).map((t) => getHarnessReview(store, t));
}

/** Every unreviewed version of an experiment, with its review: what the launch form offers to confirm. */
export function listHarnessReviews(store: Store, experimentId: string): HarnessReview[] {
  return listHarnessTrust(store, experimentId).filter((t) => t.unreviewed).map((t) => getHarnessReview(store, t));
}
