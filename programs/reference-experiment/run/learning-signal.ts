// Does the policy give harness comparisons a signal yet (issue 16: evolution after learning)? The share of its
// latest groups of attempts at one task that hold both a success and a failure. A group is named by its rollout
// ids without the sample suffix (`…-t3-k0`, `…-t3-k1` → `…-t3`), so training groups and preparation pairs count alike.
export interface AttemptOutcome {
  id: string;
  success: boolean;
}

export function mixedGroupShare(attempts: readonly AttemptOutcome[]): { groups: number; mixed: number; share: number } {
  const groups = new Map<string, { success: boolean; failure: boolean }>();
  for (const a of attempts) {
    const key = a.id.replace(/-k\d+$/, "");
    const g = groups.get(key) ?? { success: false, failure: false };
    if (a.success) g.success = true;
    else g.failure = true;
    groups.set(key, g);
  }
  const mixed = [...groups.values()].filter((g) => g.success && g.failure).length;
  return { groups: groups.size, mixed, share: groups.size === 0 ? 0 : mixed / groups.size };
}
