// How a promotion reads in the history, naming the version that was promoted (lib/domain/harness-naming.ts):
// "promoted to incumbent H1 by decision of acceptance-rule (rule)", or, when the promotion order numbered it
// otherwise, "promoted to incumbent H1+reproduce_first (numbered H1 in promotion order) by …".
import { promotionPhrase, promotionSubject, type HarnessNames } from "../domain/harness-naming";
import type { HistoryPromotion } from "./types";

export function promotionText(p: HistoryPromotion, names: HarnessNames): string {
  const who = p.actor === null ? "a decision" : `decision of ${p.actor}${p.actorKind ? ` (${p.actorKind === "rule" ? "rule" : "person"})` : ""}`;
  return `${promotionPhrase(p.kind, promotionSubject(p, names))} by ${who}`;
}
