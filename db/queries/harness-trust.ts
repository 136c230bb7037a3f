// The facts the trust rule (lib/harness-trust/trust.ts) judges a harness version by, read from the store:
// how it arrived, whether a reviewer confirmed it, and whether a person signed in to this store accepted a
// proposal whose candidate it is (a decision with a form nonce: an imported "human" decision arrives through a
// token and has none, so it cannot vouch for code). Whether it is its experiment's first version is no fact
// here: an H0 is judged like any other version (issue 36).
import "server-only";
import type { Store } from "../client";
import type { HarnessArrival } from "../../lib/harness-trust/arrival";
import { isUnreviewed } from "../../lib/harness-trust/trust";
import { getIncumbent } from "./harness-incumbent";
import { incumbentSubject } from "../../lib/domain/harness-naming";

export interface HarnessTrust {
  id: string;
  label: string;
  experimentId: string;
  parentId: string | null;
  arrivedVia: HarnessArrival;
  reviewedBy: string | null;
  reviewedAt: number | null;
  unreviewed: boolean;
}

const FACTS_SQL = `SELECT v.id, v.label, v.experiment_id AS experimentId, v.parent_id AS parentId,
    v.arrived_via AS arrivedVia, v.reviewed_by AS reviewedBy, v.reviewed_at AS reviewedAt,
    EXISTS (SELECT 1 FROM proposals p JOIN decisions d ON d.proposal_id = p.id
      WHERE p.candidate_harness_version_id = v.id AND d.verdict = 'accept' AND d.actor_kind = 'human' AND d.nonce IS NOT NULL) AS acceptedByPerson
  FROM harness_versions v`;

interface FactsRow extends Omit<HarnessTrust, "unreviewed"> {
  acceptedByPerson: number;
}

function judge(row: FactsRow): HarnessTrust {
  const { acceptedByPerson, ...rest } = row;
  return { ...rest, unreviewed: isUnreviewed({ ...rest, acceptedByPerson: acceptedByPerson === 1 }) };
}

/** The versions with these ids (unknown ids are left out). */
export function getHarnessTrust(store: Store, ids: readonly string[]): HarnessTrust[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = store.sqlite.prepare(`${FACTS_SQL} WHERE v.id IN (${unique.map(() => "?").join(", ")})`).all(...unique) as FactsRow[];
  return rows.map(judge);
}

/** Every version of the experiment, in the order stored. */
export function listHarnessTrust(store: Store, experimentId: string): HarnessTrust[] {
  return (store.sqlite.prepare(`${FACTS_SQL} WHERE v.experiment_id = ? ORDER BY v.rowid`).all(experimentId) as FactsRow[]).map(judge);
}

/**
 * What a reviewer compares an unreviewed version against: the experiment's incumbent when a person can vouch
 * for it, else the nearest such ancestor (so code carried over from an unreviewed parent is shown too); null
 * when there is none — an untrusted H0, or a version whose every ancestor is untrusted: its whole files are shown,
 * every line as added (db/queries/harness-review-diff.ts).
 */
export function reviewBaseFor(store: Store, version: HarnessTrust): { id: string; label: string; incumbent: boolean } | null {
  const incumbent = getIncumbent(store, version.experimentId);
  if (incumbent && incumbent.harnessVersionId !== version.id) {
    const [trust] = getHarnessTrust(store, [incumbent.harnessVersionId]);
    // Named as every page names the incumbent: its own label first ("H1+x (numbered H1 in promotion order)").
    if (trust && !trust.unreviewed) return { id: trust.id, label: incumbentSubject(incumbent), incumbent: true };
  }
  const seen = new Set([version.id]);
  let parentId = version.parentId;
  while (parentId && !seen.has(parentId)) {
    seen.add(parentId);
    const [parent] = getHarnessTrust(store, [parentId]);
    if (!parent) return null;
    if (!parent.unreviewed) return { id: parent.id, label: parent.label, incumbent: false };
    parentId = parent.parentId;
  }
  return null;
}
