// Deep links to a turn: `#turn-12` names the turn with stored index 12 (0-based, as in the store).

export const turnAnchorId = (idx: number) => `turn-${idx}`;

/** The turn index a location hash points at, or null ("#turn-12" → 12). */
export function turnFromHash(hash: string): number | null {
  const match = /^#?turn-(\d{1,9})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/** A turn index from a URL path segment ("12" → 12), or null when it is not a whole number. */
export function parseTurnIndex(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}
