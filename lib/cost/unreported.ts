// Which cost quantities no rollout of an experiment reports (tokens, USD, rollout time): the cost page says so once
// and leaves those columns out, instead of a table whose every cell reads "not reported". Pure.
import type { CostCell } from "./cost-summary";

export type CostQuantity = "tokens" | "cost" | "time";

/** The quantities with no reporting rollout among `cell`'s (an experiment's total); none when it has no rollouts. */
export function unreportedQuantities(cell: CostCell): CostQuantity[] {
  if (cell.rollouts === 0) return [];
  const out: CostQuantity[] = [];
  if (cell.promptTokens.reported === 0 && cell.completionTokens.reported === 0) out.push("tokens");
  if (cell.costUsd.reported === 0) out.push("cost");
  if (cell.durationMs.reported === 0) out.push("time");
  return out;
}

const WORDS: Record<CostQuantity, string> = { tokens: "token counts", cost: "cost", time: "rollout times" };

/** "No rollout of this experiment reports token counts or cost; those columns are left out." or null. */
export function unreportedSentence(missing: readonly CostQuantity[]): string | null {
  if (missing.length === 0) return null;
  const words = missing.map((m) => WORDS[m]);
  const list = words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
  return `No rollout of this experiment reports ${list}; ${missing.length === 1 ? "that column is" : "those columns are"} left out.`;
}

/** The column ids of the cost tables that show each quantity. */
export const COLUMNS_OF: Record<CostQuantity, readonly string[]> = { tokens: ["prompt", "completion"], cost: ["cost"], time: ["time"] };
