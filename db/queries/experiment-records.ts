// Everything the store holds for one experiment, record by record, for the read API (and round-trip tests).
import "server-only";
import { getHarnessNames } from "./harness-naming-rows";
import { asc, eq, inArray } from "drizzle-orm";
import type { Store } from "../client";
import {
  harnessVersions, harnessFiles, checkpoints, skills, skillSources, evolutionRounds, evalRuns, evalResults,
  failurePackets, failurePacketRollouts, patchEvaluations, proposals, proposalEvidence, comparisons, comparisonRollouts, decisions,
  harnessPromotions,
} from "../schema";

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export function listExperimentRecords(store: Store, experimentId: string) {
  const { db } = store;
  const versions = db.select().from(harnessVersions).where(eq(harnessVersions.experimentId, experimentId)).orderBy(asc(harnessVersions.createdAt)).all();
  const files = versions.length
    ? db.select({ harnessVersionId: harnessFiles.harnessVersionId, path: harnessFiles.path, kind: harnessFiles.kind, hookPosition: harnessFiles.hookPosition, blobHash: harnessFiles.blobHash })
        .from(harnessFiles).where(inArray(harnessFiles.harnessVersionId, versions.map((v) => v.id))).orderBy(asc(harnessFiles.path)).all()
    : [];
  const filesByVersion = groupBy(files, (f) => f.harnessVersionId);

  const skillRows = db.select().from(skills).where(eq(skills.experimentId, experimentId)).all();
  const sources = skillRows.length ? db.select().from(skillSources).where(inArray(skillSources.skillId, skillRows.map((s) => s.id))).all() : [];
  const sourcesBySkill = groupBy(sources, (s) => s.skillId);

  const evalRows = db.select().from(evalRuns).where(eq(evalRuns.experimentId, experimentId)).all();
  const results = evalRows.length ? db.select().from(evalResults).where(inArray(evalResults.evalRunId, evalRows.map((e) => e.id))).all() : [];
  const resultsByRun = groupBy(results, (r) => r.evalRunId);

  const packets = db.select().from(failurePackets).where(eq(failurePackets.experimentId, experimentId)).all();
  const packetRollouts = packets.length
    ? db.select().from(failurePacketRollouts).where(inArray(failurePacketRollouts.failurePacketId, packets.map((p) => p.id))).all()
    : [];
  const rolloutsByPacket = groupBy(packetRollouts, (r) => r.failurePacketId);

  // The one naming (lib/domain/harness-naming.ts): "name" says where label, promotion order and files disagree.
  const names = getHarnessNames(store, experimentId);
  return {
    harnessVersions: versions.map(({ contentHash: _c, ...v }) => ({
      ...v,
      name: names.nameOf(v.id),
      sameFilesAs: names.byId.get(v.id)?.sameFilesAs?.id ?? null,
      files: (filesByVersion.get(v.id) ?? []).map(({ harnessVersionId: _h, ...f }) => f),
    })),
    checkpoints: db.select().from(checkpoints).where(eq(checkpoints.experimentId, experimentId)).all().map(({ contentHash: _c, ...c }) => c),
    skills: skillRows.map(({ contentHash: _c, ...s }) => ({ ...s, sourceRollouts: (sourcesBySkill.get(s.id) ?? []).map((r) => r.rolloutId) })),
    evolutionRounds: db.select().from(evolutionRounds).where(eq(evolutionRounds.experimentId, experimentId)).orderBy(asc(evolutionRounds.epoch), asc(evolutionRounds.idx)).all()
      .map(({ contentHash: _c, ...r }) => r),
    evalRuns: evalRows.map(({ contentHash: _c, ...e }) => ({ ...e, results: (resultsByRun.get(e.id) ?? []).map(({ evalRunId: _e, ...r }) => r) })),
    failurePackets: packets.map(({ contentHash: _c, ...p }) => ({ ...p, rollouts: (rolloutsByPacket.get(p.id) ?? []).map((r) => r.rolloutId) })),
    patchEvaluations: db.select().from(patchEvaluations).where(eq(patchEvaluations.experimentId, experimentId)).all().map(({ contentHash: _c, ...p }) => p),
  };
}

/** Proposals with their evidence, comparisons (rollouts per side) and the append-only decision history. */
export function listProposalRecords(store: Store, experimentId: string | undefined) {
  const { db } = store;
  const rows = db.select().from(proposals).where(experimentId ? eq(proposals.experimentId, experimentId) : undefined).orderBy(asc(proposals.createdAt)).all();
  if (!rows.length) return [];
  const ids = rows.map((p) => p.id);
  const evidence = groupBy(db.select().from(proposalEvidence).where(inArray(proposalEvidence.proposalId, ids)).all(), (e) => e.proposalId);
  const comparisonRows = db.select().from(comparisons).where(inArray(comparisons.proposalId, ids)).all();
  const links = comparisonRows.length
    ? groupBy(db.select().from(comparisonRollouts).where(inArray(comparisonRollouts.comparisonId, comparisonRows.map((c) => c.id))).all(), (l) => l.comparisonId)
    : new Map();
  const comparisonsByProposal = groupBy(comparisonRows, (c) => c.proposalId);
  const decisionsByProposal = groupBy(db.select().from(decisions).where(inArray(decisions.proposalId, ids)).orderBy(asc(decisions.createdAt)).all(), (d) => d.proposalId);
  // What each decision did to the experiment's incumbent: promoted the candidate as H1, H2, … or took it back.
  const promotionByDecision = new Map(
    db.select().from(harnessPromotions).where(inArray(harnessPromotions.proposalId, ids)).all()
      .map((p) => [p.decisionId, { kind: p.kind, label: p.label, harnessVersionId: p.harnessVersionId }]),
  );
  return rows.map(({ contentHash: _c, ...p }) => ({
    ...p,
    evidence: (evidence.get(p.id) ?? []).map((e) => ({ rolloutId: e.rolloutId, note: e.note })),
    comparisons: (comparisonsByProposal.get(p.id) ?? []).map(({ contentHash: _h, ...c }) => {
      const sides = (links.get(c.id) ?? []) as { rolloutId: string; side: string }[];
      return {
        ...c,
        baseRollouts: sides.filter((l) => l.side === "base").map((l) => l.rolloutId),
        candidateRollouts: sides.filter((l) => l.side === "candidate").map((l) => l.rolloutId),
      };
    }),
    // ruleVerdict holds the rule's verdict and the comparison's statistics when the decision was made; the
    // form nonce is how the store refuses a double submit, nothing a reader needs.
    decisions: (decisionsByProposal.get(p.id) ?? []).map(({ contentHash: _h, nonce: _n, ...d }) => ({ ...d, promotion: promotionByDecision.get(d.id) ?? null })),
  }));
}
