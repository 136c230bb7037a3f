// Nothing a reader reads is dropped without a word: for every item of its input (a message, a step, an
// event, a line) the reader says whether it became a turn, was merged into another item's turn (an
// observation into the turn of the action it answers, a step into the history message that records it), or
// was skipped, and why. The import report prints it per file, and a test checks on every real and fixture
// file that items = turns + merged + skipped, counting the items itself from the raw file.

export interface Accounting {
  /** What the items are, e.g. "messages", "steps", "events", "lines". */
  unit: string;
  /** Items in the input. */
  items: number;
  /** Items that became a turn of their own. */
  turns: number;
  /** Items folded into another item's turn or into the rollout's fields (an exit message, a usage record). */
  merged: number;
  /** Items left out: reason → how many. */
  skipped: Record<string, number>;
}

export class Tally {
  readonly accounting: Accounting;

  constructor(unit: string) {
    this.accounting = { unit, items: 0, turns: 0, merged: 0, skipped: {} };
  }

  turn(n = 1): void {
    this.accounting.items += n;
    this.accounting.turns += n;
  }

  merged(n = 1): void {
    this.accounting.items += n;
    this.accounting.merged += n;
  }

  skip(reason: string, n = 1): void {
    this.accounting.items += n;
    this.accounting.skipped[reason] = (this.accounting.skipped[reason] ?? 0) + n;
  }

  /** Adds another rollout's accounting of the same file (a log with many samples). */
  add(other: Accounting): void {
    this.accounting.items += other.items;
    this.accounting.turns += other.turns;
    this.accounting.merged += other.merged;
    for (const [reason, n] of Object.entries(other.skipped)) this.accounting.skipped[reason] = (this.accounting.skipped[reason] ?? 0) + n;
  }
}

export function skippedCount(accounting: Accounting): number {
  return Object.values(accounting.skipped).reduce((a, b) => a + b, 0);
}

/** "57 messages: 55 turns, 1 merged, 1 skipped (a duplicate of the previous event)". */
export function describeAccounting(a: Accounting): string {
  const skipped = skippedCount(a);
  const reasons = Object.entries(a.skipped).map(([reason, n]) => (n > 1 ? `${reason} ×${n}` : reason)).join("; ");
  return `${a.items} ${a.unit}: ${a.turns} turn${a.turns === 1 ? "" : "s"}, ${a.merged} merged, ${skipped} skipped${skipped ? ` (${reasons})` : ""}`;
}
