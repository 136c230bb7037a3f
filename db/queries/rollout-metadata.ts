// A rollout's metadata as its producer sent it (a trainer's per-rollout numbers, an importer's session links),
// for the viewer's "Trainer's values" panel. Kept apart from rollout-view.ts: most rollouts have none.
import "server-only";
import { eq } from "drizzle-orm";
import type { Store } from "../client";
import { rollouts } from "../schema";

export function getRolloutMetadata(store: Store, id: string): Record<string, unknown> | null {
  return store.db.select({ metadata: rollouts.metadata }).from(rollouts).where(eq(rollouts.id, id)).get()?.metadata ?? null;
}
