// A person's accept/reject of a proposal: appended to the decisions (never rewritten), the proposal's
// status follows it, and the audit log records who did it, in the same transaction.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Store } from "../client";
import { recordAudit, userActor } from "../../lib/auth/audit";

export type HumanDecisionResult = { ok: true; decisionId: string } | { ok: false; error: string };

export function recordHumanDecision(
  store: Store,
  input: { proposalId: string; verdict: "accept" | "reject"; reason: string | null; user: { id: string; username: string } },
  now = Date.now(),
): HumanDecisionResult {
  const decisionId = randomUUID();
  return store.sqlite.transaction((): HumanDecisionResult => {
    const exists = store.sqlite.prepare("SELECT 1 FROM proposals WHERE id = ?").get(input.proposalId);
    if (!exists) return { ok: false, error: `proposal: "${input.proposalId}" does not exist` };
    store.sqlite
      .prepare(
        `INSERT INTO decisions (id, proposal_id, verdict, actor_kind, actor, reason, rule_verdict, content_hash, created_at)
         VALUES (?, ?, ?, 'human', ?, ?, NULL, ?, ?)`,
      )
      // A person's decision has no producer event to hash; its own id stands in, so it is never "the same" as another.
      .run(decisionId, input.proposalId, input.verdict, input.user.username, input.reason, decisionId, now);
    store.sqlite.prepare("UPDATE proposals SET status = ? WHERE id = ?").run(input.verdict === "accept" ? "accepted" : "rejected", input.proposalId);
    recordAudit(store, { ...userActor(input.user.id), action: `proposal.${input.verdict}`, targetKind: "proposal", targetId: input.proposalId, detail: { decisionId, reason: input.reason }, at: now });
    return { ok: true, decisionId };
  })();
}
