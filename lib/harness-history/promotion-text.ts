// How a promotion reads in the history: "promoted to incumbent H1 by decision of acceptance-rule (rule)".
import type { HistoryPromotion } from "./types";

export function promotionText(p: HistoryPromotion): string {
  const who = p.actor === null ? "a decision" : `decision of ${p.actor}${p.actorKind ? ` (${p.actorKind === "rule" ? "rule" : "person"})` : ""}`;
  return p.kind === "promote" ? `promoted to incumbent ${p.label} by ${who}` : `demoted (${p.label} taken back) by ${who}`;
}
