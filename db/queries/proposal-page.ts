// Everything the proposal page shows about one proposal, apart from the harness diff and the comparison
// panel (their own components read their own data): the proposal, its round, lineage, evidence rollouts
// with their most telling turns, the decision history with what each decision did to the incumbent, and
// what the acceptance rule says now.
import "server-only";
import type { Store } from "../client";
import type { ProposalKind, ProposalStatus } from "./types";
import { getIncumbent, type Incumbent } from "./harness-incumbent";
import { getHarnessNames } from "./harness-naming-rows";
import { promotionSubject } from "../../lib/domain/harness-naming";
import { getRuleVerdict, type RuleVerdictSnapshot } from "./proposal-rule-verdict";
import { getEvidence, type EvidenceRollout } from "./proposal-evidence";

export type { EvidenceRollout, TellingTurn } from "./proposal-evidence";

interface ProposalLink {
  id: string;
  title: string;
  status: ProposalStatus;
}

/** The rule noise stored with a decision (a person's statistics snapshot, or a trainer's rule_noise). */
export interface RuleNoiseRecord {
  acceptRate: number;
  tasks: number;
  rollouts: { base: number; candidate: number };
  /** Which null was used; absent in records stored before designs were told apart (within-task, then). */
  design?: "within-task" | "paired";
  pairs?: number;
  differingPairs?: number;
}

function readNoise(parsed: Record<string, unknown> | null): RuleNoiseRecord | null {
  const stats = parsed?.statistics as Record<string, unknown> | null | undefined;
  const raw = (stats?.ruleNoise ?? parsed?.rule_noise) as Record<string, unknown> | null | undefined;
  if (!raw || typeof raw !== "object") return null;
  const rollouts = raw.rollouts as Record<string, unknown> | undefined;
  const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : null);
  const acceptRate = n(raw.acceptRate);
  const tasks = n(raw.tasks);
  const base = n(rollouts?.base);
  const candidate = n(rollouts?.candidate);
  if (acceptRate === null || tasks === null || base === null || candidate === null || acceptRate < 0 || acceptRate > 1) return null;
  const pairs = n(raw.pairs);
  const differingPairs = n(raw.differingPairs);
  const paired = raw.design === "paired" && pairs !== null && differingPairs !== null;
  return {
    acceptRate, tasks, rollouts: { base, candidate },
    ...(paired ? { design: "paired" as const, pairs, differingPairs } : raw.design === "within-task" ? { design: "within-task" as const } : {}),
  };
}

export interface DecisionEntry {
  id: string;
  verdict: "accept" | "reject";
  actorKind: "rule" | "human";
  actor: string;
  reason: string | null;
  at: number;
  /** The rule's verdict when the decision was taken, as stored with it; null when none was recorded. */
  rule: { verdict: "accept" | "reject" | null; reason: string | null; noise?: RuleNoiseRecord | null } | null;
  /** `subject`: the promoted version in the one naming (lib/domain/harness-naming.ts), e.g. "H0+x (numbered H1 in promotion order)". */
  promotion: { kind: "promote" | "demote"; label: string; subject: string } | null;
}


export interface ProposalPage {
  proposal: {
    id: string;
    title: string;
    status: ProposalStatus;
    kind: ProposalKind;
    teacher: string | null;
    problem: string | null;
    rationale: string | null;
    createdAt: number;
    experimentId: string;
    experimentName: string;
    round: { epoch: number; index: number } | null;
    base: { id: string; label: string };
    candidate: { id: string; label: string };
  };
  parent: ProposalLink | null;
  children: ProposalLink[];
  evidence: EvidenceRollout[];
  /** Newest first. */
  decisions: DecisionEntry[];
  incumbent: Incumbent | null;
  rule: RuleVerdictSnapshot;
  /** Plain stand-ins until the diff and comparison panels are composed in (see the page). */
}

function readRule(json: string | null, verdict: "accept" | "reject", actorKind: "rule" | "human"): DecisionEntry["rule"] {
  const parsed = json ? (JSON.parse(json) as Record<string, unknown>) : null;
  const said = parsed?.verdict === "accept" || parsed?.verdict === "reject" ? parsed.verdict : null;
  const reason = typeof parsed?.reason === "string" ? parsed.reason : null;
  // A trainer's rule decision is the rule's verdict, whatever extra numbers it sent along.
  const noise = readNoise(parsed);
  if (actorKind === "rule") return { verdict, reason, noise };
  return parsed ? { verdict: said, reason, noise } : null;
}

export function getProposalPage(store: Store, proposalId: string): ProposalPage | null {
  const { sqlite } = store;
  const p = sqlite
    .prepare(
      `SELECT p.id, p.title, p.status, p.kind, p.teacher, p.problem, p.rationale, p.created_at AS createdAt,
         p.experiment_id AS experimentId, e.name AS experimentName, r.epoch, r.idx AS roundIndex,
         p.base_harness_version_id AS baseId, b.label AS baseLabel, p.candidate_harness_version_id AS candidateId, c.label AS candidateLabel,
         p.parent_proposal_id AS parentId
       FROM proposals p JOIN experiments e ON e.id = p.experiment_id
       JOIN harness_versions b ON b.id = p.base_harness_version_id
       JOIN harness_versions c ON c.id = p.candidate_harness_version_id
       LEFT JOIN evolution_rounds r ON r.id = p.round_id
       WHERE p.id = ?`,
    )
    .get(proposalId) as
    | (Omit<ProposalPage["proposal"], "round" | "base" | "candidate"> & {
        epoch: number | null; roundIndex: number | null; baseId: string; baseLabel: string; candidateId: string; candidateLabel: string; parentId: string | null;
      })
    | undefined;
  if (!p) return null;

  const link = sqlite.prepare("SELECT id, title, status FROM proposals WHERE id = ?");
  const parent = p.parentId ? ((link.get(p.parentId) as ProposalLink | undefined) ?? null) : null;
  const children = sqlite
    .prepare("SELECT id, title, status FROM proposals WHERE parent_proposal_id = ? ORDER BY created_at, rowid")
    .all(p.id) as ProposalLink[];

  const decisionRows = sqlite
    .prepare(
      `SELECT d.id, d.verdict, d.actor_kind AS actorKind, d.actor, d.reason, d.created_at AS at, d.rule_verdict AS ruleVerdict,
         hp.kind AS promotionKind, hp.label AS promotionLabel, hp.harness_version_id AS promotionVersionId
       FROM decisions d LEFT JOIN harness_promotions hp ON hp.decision_id = d.id
       WHERE d.proposal_id = ? ORDER BY d.created_at DESC, d.rowid DESC`,
    )
    .all(p.id) as Array<Omit<DecisionEntry, "rule" | "promotion"> & { ruleVerdict: string | null; promotionKind: "promote" | "demote" | null; promotionLabel: string | null; promotionVersionId: string | null }>;
  const names = decisionRows.some((d) => d.promotionKind) ? getHarnessNames(store, p.experimentId) : null;
  const decisions = decisionRows.map(({ ruleVerdict, promotionKind, promotionLabel, promotionVersionId, ...d }) => ({
    ...d,
    rule: readRule(ruleVerdict, d.verdict, d.actorKind),
    promotion: promotionKind && promotionLabel && promotionVersionId && names
      ? { kind: promotionKind, label: promotionLabel, subject: promotionSubject({ kind: promotionKind, label: promotionLabel, harnessVersionId: promotionVersionId }, names) }
      : null,
  }));

  return {
    proposal: {
      id: p.id, title: p.title, status: p.status, kind: p.kind, teacher: p.teacher, problem: p.problem, rationale: p.rationale,
      createdAt: p.createdAt, experimentId: p.experimentId, experimentName: p.experimentName,
      round: p.epoch !== null && p.roundIndex !== null ? { epoch: p.epoch, index: p.roundIndex } : null,
      base: { id: p.baseId, label: p.baseLabel },
      candidate: { id: p.candidateId, label: p.candidateLabel },
    },
    parent,
    children,
    evidence: getEvidence(store, p.id),
    decisions,
    incumbent: getIncumbent(store, p.experimentId),
    rule: getRuleVerdict(store, p.id),
  };
}

/** Paths that differ between two harness versions (by content hash), sorted. */
