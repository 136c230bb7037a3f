// Find results grouped for rendering: per turn, per field, the [start, end) ranges in order.
import type { FindMatch } from "@/lib/trajectory/types";

export function groupMatches(matches: readonly FindMatch[]): Map<number, Map<string, Array<[number, number]>>> {
  const byTurn = new Map<number, Map<string, Array<[number, number]>>>();
  for (const [turn, field, start, end] of matches) {
    let fields = byTurn.get(turn);
    if (!fields) byTurn.set(turn, (fields = new Map()));
    const ranges = fields.get(field);
    if (ranges) ranges.push([start, end]);
    else fields.set(field, [[start, end]]);
  }
  return byTurn;
}
