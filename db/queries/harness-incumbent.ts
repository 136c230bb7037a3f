// The experiment's incumbent harness version: the newest promotion still standing (an accepted proposal's
// candidate, labelled H1, H2, … in the order of promotion), or, when none stands, the initial version (H0).
// Promotions are append-only; a reject after an accept appends a demotion, so the answer is a replay.
import "server-only";
import type { Store } from "../client";
import type Database from "better-sqlite3";
import { standingPromotions, type PromotionRow } from "../../lib/proposals/promotions";

export interface Incumbent {
  harnessVersionId: string;
  /** The promotion label (H1, H2, …), or "H0" for the initial version. */
  label: string;
  /** The version's own label as its producer named it (e.g. "H0+run_related_tests"). */
  versionLabel: string;
  /** The accepted proposal that made it the incumbent; null for the initial version. */
  proposalId: string | null;
  decisionId: string | null;
  promotedAt: number | null;
}

const PROMOTIONS_SQL = `SELECT id, experiment_id AS experimentId, harness_version_id AS harnessVersionId, kind, label,
  proposal_id AS proposalId, decision_id AS decisionId, created_at AS createdAt
  FROM harness_promotions WHERE experiment_id = ? ORDER BY rowid`;

export function listPromotionRows(sqlite: Database.Database, experimentId: string): PromotionRow[] {
  return sqlite.prepare(PROMOTIONS_SQL).all(experimentId) as PromotionRow[];
}

export function getIncumbent(store: Store, experimentId: string): Incumbent | null {
  const top = standingPromotions(listPromotionRows(store.sqlite, experimentId)).at(-1);
  if (top) {
    const versionLabel = store.sqlite.prepare("SELECT label FROM harness_versions WHERE id = ?").pluck().get(top.harnessVersionId) as string;
    return {
      harnessVersionId: top.harnessVersionId, label: top.label, versionLabel, proposalId: top.proposalId,
      decisionId: top.decisionId, promotedAt: top.createdAt,
    };
  }
  // No standing promotion: the experiment's initial version, or its oldest one when none is marked initial.
  const initial = store.sqlite
    .prepare(`SELECT id, label FROM harness_versions WHERE experiment_id = ?
      ORDER BY (origin = 'initial') DESC, created_at, rowid LIMIT 1`)
    .get(experimentId) as { id: string; label: string } | undefined;
  if (!initial) return null;
  return { harnessVersionId: initial.id, label: "H0", versionLabel: initial.label, proposalId: null, decisionId: null, promotedAt: null };
}
