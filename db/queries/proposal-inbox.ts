// The review inbox: proposals across experiments under a filter (experiment, epoch, round, kind, status, who
// decided last), each with its latest decision, what the acceptance rule says and its Δ (engineer patches also
// with the failure packet they are listed under, in the order of lib/proposals/inbox-order.ts), plus how many
// are left to review, how many of the other kinds wait, and the choices the filter offers.
import "server-only";
import type { Store } from "../client";
import type { ProposalKind, ProposalStatus } from "./types";
import { getRuleVerdicts, loadNewestComparisons } from "./proposal-rule-verdict";
import { getInboxEvidence } from "./proposal-inbox-evidence";
import { groupInboxRows, type PacketStanding } from "../../lib/proposals/inbox-order";
import type { InboxDelta } from "../../lib/proposals/inbox-delta";
import type { InboxFilter } from "../../lib/proposals/inbox-filter";

export type { InboxFilter } from "../../lib/proposals/inbox-filter";

export interface InboxRow {
  id: string;
  title: string;
  experimentId: string;
  experimentName: string;
  epoch: number | null;
  round: number | null;
  kind: ProposalKind;
  status: ProposalStatus;
  teacher: string | null;
  parentProposalId: string | null;
  createdAt: number;
  latestDecision: { verdict: "accept" | "reject"; actorKind: "rule" | "human"; actor: string; at: number } | null;
  rule: { verdict: "accept" | "reject" | null; reason: string };
  /** Teacher proposals: the newest comparison's paired Δ pass rate; engineer patches: mean Δ over packets. */
  delta: InboxDelta | null;
  /** Engineer patches: the failure packet the row is listed under and its standing there. */
  packet: PacketStanding | null;
  /** Unique per row: a patch evaluated on several packets has a row under each ("<id>" plus the packet). */
  listing: string;
}

export interface InboxOptions {
  experiments: Array<{ id: string; name: string }>;
  epochs: number[];
  rounds: number[];
}

export interface Inbox {
  /** In inbox order: newest first, engineer patches grouped by packet with the best first (a patch under each of its packets). */
  rows: InboxRow[];
  /** Proposals matching the filter (rows holds at most `limit` of them). */
  matching: number;
  /** Pending proposals under every part of the filter except the status: what is left to review. */
  leftToReview: number;
  /** Pending proposals of the kinds the filter leaves out (under the rest of the filter but the status). */
  pendingOfOtherKinds: number;
  options: InboxOptions;
}

export const INBOX_LIMIT = 500;

function whereOf(filter: InboxFilter, withStatus: boolean): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value?: unknown) => {
    parts.push(sql);
    if (value !== undefined) params.push(value);
  };
  if (filter.experiment !== undefined) add("p.experiment_id = ?", filter.experiment);
  if (filter.epoch !== undefined) add("r.epoch = ?", filter.epoch);
  if (filter.round !== undefined) add("r.idx = ?", filter.round);
  if (filter.kind !== undefined) add("p.kind = ?", filter.kind);
  if (withStatus && filter.status !== undefined) add("p.status = ?", filter.status);
  if (filter.decided === "none") add("d.id IS NULL");
  else if (filter.decided !== undefined) add("d.actor_kind = ?", filter.decided);
  return { sql: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

// The latest decision of each proposal, found through the decisions_proposal index.
const FROM = `FROM proposals p
  JOIN experiments e ON e.id = p.experiment_id
  LEFT JOIN evolution_rounds r ON r.id = p.round_id
  LEFT JOIN decisions d ON d.rowid = (
    SELECT d2.rowid FROM decisions d2 WHERE d2.proposal_id = p.id ORDER BY d2.created_at DESC, d2.rowid DESC LIMIT 1)`;

interface Row extends Omit<InboxRow, "latestDecision" | "rule"> {
  verdict: "accept" | "reject" | null;
  actorKind: "rule" | "human" | null;
  actor: string | null;
  decidedAt: number | null;
}

export function listProposalInbox(store: Store, filter: InboxFilter, limit = INBOX_LIMIT): Inbox {
  const where = whereOf(filter, true);
  const rows = store.sqlite
    .prepare(
      `SELECT p.id, p.title, p.experiment_id AS experimentId, e.name AS experimentName, r.epoch, r.idx AS round, p.kind, p.status,
         p.teacher, p.parent_proposal_id AS parentProposalId, p.created_at AS createdAt,
         d.verdict, d.actor_kind AS actorKind, d.actor, d.created_at AS decidedAt
       ${FROM} ${where.sql} ORDER BY p.created_at DESC, p.rowid DESC LIMIT ?`,
    )
    .all(...where.params, limit) as Row[];
  const matching = store.sqlite.prepare(`SELECT count(*) ${FROM} ${where.sql}`).pluck().get(...where.params) as number;
  const open = whereOf({ ...filter, status: undefined }, false);
  const leftToReview = store.sqlite
    .prepare(`SELECT count(*) ${FROM} ${open.sql ? `${open.sql} AND` : "WHERE"} p.status = 'pending'`)
    .pluck()
    .get(...open.params) as number;

  let pendingOfOtherKinds = 0;
  if (filter.kind !== undefined) {
    const others = whereOf({ ...filter, status: undefined, kind: undefined }, false);
    pendingOfOtherKinds = store.sqlite
      .prepare(`SELECT count(*) ${FROM} ${others.sql ? `${others.sql} AND` : "WHERE"} p.status = 'pending' AND p.kind <> ?`)
      .pluck()
      .get(...others.params, filter.kind) as number;
  }

  const comparisons = loadNewestComparisons(store, rows.map((r) => r.id));
  const rules = getRuleVerdicts(store, rows.map((r) => r.id), comparisons);
  const evidence = getInboxEvidence(store, rows, comparisons);
  const listed = rows.flatMap(({ verdict, actorKind, actor, decidedAt, ...row }): InboxRow[] => {
    const rule = rules.get(row.id)!;
    const numbers = evidence.get(row.id)!;
    const shared = {
      ...row,
      latestDecision: verdict && actorKind && actor !== null && decidedAt !== null ? { verdict, actorKind, actor, at: decidedAt } : null,
      rule: { verdict: rule.verdict, reason: rule.reason },
      delta: numbers.delta,
    };
    // A patch is listed under every packet it was evaluated on, so each packet shows all its patches together.
    if (numbers.packets.length === 0) return [{ ...shared, packet: null, listing: row.id }];
    return numbers.packets.map((packet) => ({ ...shared, packet, listing: `${row.id}\u0000${packet.packetId}` }));
  });
  return {
    rows: groupInboxRows(listed).flatMap((segment) => segment.rows),
    matching,
    leftToReview,
    pendingOfOtherKinds,
    options: listInboxOptions(store, filter.experiment),
  };
}

/** What the filter can choose from: experiments with proposals, and the epochs and rounds of their rounds. */
export function listInboxOptions(store: Store, experimentId: string | undefined): InboxOptions {
  const experiments = store.sqlite
    .prepare("SELECT DISTINCT e.id, e.name FROM proposals p JOIN experiments e ON e.id = p.experiment_id ORDER BY e.name, e.id")
    .all() as Array<{ id: string; name: string }>;
  const scoped = `FROM proposals p JOIN evolution_rounds r ON r.id = p.round_id WHERE (? IS NULL OR p.experiment_id = ?)`;
  const scope = [experimentId ?? null, experimentId ?? null];
  const epochs = store.sqlite.prepare(`SELECT DISTINCT r.epoch ${scoped} ORDER BY r.epoch`).pluck().all(...scope) as number[];
  const rounds = store.sqlite.prepare(`SELECT DISTINCT r.idx ${scoped} ORDER BY r.idx`).pluck().all(...scope) as number[];
  return { experiments, epochs, rounds };
}
