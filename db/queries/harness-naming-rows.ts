// The rows the one naming of harness versions reads (lib/domain/harness-naming.ts): an experiment's versions
// in creation order, their files' content hashes and its promotions. Rows only; the naming is derived in lib.
import "server-only";
import type Database from "better-sqlite3";
import type { Store } from "../client";
import { nameHarnessVersions, promotionSubject, type HarnessNames, type NamingFileRow, type NamingPromotionRow, type NamingVersionRow } from "../../lib/domain/harness-naming";

export interface HarnessNamingRows {
  versions: NamingVersionRow[];
  files: NamingFileRow[];
  promotions: NamingPromotionRow[];
}

export function loadHarnessNamingRows(sqlite: Database.Database, experimentIds: readonly string[]): HarnessNamingRows {
  const ids = JSON.stringify([...new Set(experimentIds)]);
  const versions = sqlite
    .prepare(`SELECT id, label, created_at AS createdAt, rowid AS seq FROM harness_versions
      WHERE experiment_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid`)
    .all(ids) as NamingVersionRow[];
  const files = sqlite
    .prepare(`SELECT f.harness_version_id AS versionId, f.path, f.blob_hash AS blobHash, f.kind, f.hook_position AS hookPosition
      FROM harness_files f JOIN harness_versions v ON v.id = f.harness_version_id
      WHERE v.experiment_id IN (SELECT value FROM json_each(?))`)
    .all(ids) as NamingFileRow[];
  const promotions = sqlite
    .prepare(`SELECT harness_version_id AS harnessVersionId, kind, label FROM harness_promotions
      WHERE experiment_id IN (SELECT value FROM json_each(?)) ORDER BY rowid`)
    .all(ids) as NamingPromotionRow[];
  return { versions, files, promotions };
}

/** The names of every version of one experiment (each experiment is named on its own). */
export function getHarnessNames(store: Store, experimentId: string): HarnessNames {
  return nameHarnessVersions(loadHarnessNamingRows(store.sqlite, [experimentId]));
}

/** A promotion's subject in the one naming: the promoted version's label, with the promotion order's number when it differs. */
export function promotionSubjectOf(store: Store, p: { kind: "promote" | "demote"; label: string; harnessVersionId: string }): string {
  const experimentId = store.sqlite.prepare("SELECT experiment_id FROM harness_versions WHERE id = ?").pluck().get(p.harnessVersionId) as string | undefined;
  return experimentId === undefined ? p.label : promotionSubject(p, getHarnessNames(store, experimentId));
}
