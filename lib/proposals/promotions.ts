// The promotion rules of an experiment, replayed from its append-only promotions: which promotions still
// stand (the newest standing one is the incumbent) and the next label (H1, H2, …; never reused). Pure, so
// the decision write (db/mutations/follow-decision.ts), the incumbent query and any view agree.

export interface PromotionRow {
  id: string;
  experimentId: string;
  harnessVersionId: string;
  kind: "promote" | "demote";
  label: string;
  proposalId: string | null;
  decisionId: string;
  createdAt: number;
}

/**
 * Replays promotions in the order they were appended. A proposal stands from its promotion until a later
 * demotion of the same proposal; the incumbent is the newest standing promotion (not simply the last row:
 * demoting an older proposal leaves a newer one in place).
 */
export function standingPromotions(rows: readonly PromotionRow[]): PromotionRow[] {
  const standing: PromotionRow[] = [];
  for (const row of rows) {
    const key = row.proposalId ?? row.harnessVersionId;
    const at = standing.findIndex((p) => (p.proposalId ?? p.harnessVersionId) === key);
    if (row.kind === "promote" && at < 0) standing.push(row);
    else if (row.kind === "demote" && at >= 0) standing.splice(at, 1);
  }
  return standing;
}

/** The next label after the highest one ever given in the experiment: labels are never reused. */
export function nextPromotionLabel(rows: readonly PromotionRow[]): string {
  let highest = 0;
  for (const row of rows) {
    const n = /^H(\d+)$/.exec(row.label);
    if (row.kind === "promote" && n) highest = Math.max(highest, Number(n[1]));
  }
  return `H${highest + 1}`;
}
