// An experiment by id or by name with its harness versions' labels: what an import resolves its target against
// (lib/services/importers/resolve-target.ts) when it runs beside the store rather than over HTTP.
import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Store } from "../client";
import { experiments, harnessVersions } from "../schema";

export interface ExperimentName {
  id: string;
  name: string;
}

export function experimentWithVersionLabels(store: Store, id: string): (ExperimentName & { harnessVersions: Array<{ id: string; label: string }> }) | null {
  const row = store.db.select({ id: experiments.id, name: experiments.name }).from(experiments).where(eq(experiments.id, id)).get();
  if (!row) return null;
  const versions = store.db
    .select({ id: harnessVersions.id, label: harnessVersions.label })
    .from(harnessVersions)
    .where(eq(harnessVersions.experimentId, id))
    .orderBy(asc(harnessVersions.createdAt), asc(harnessVersions.id))
    .all();
  return { ...row, harnessVersions: versions };
}

export function experimentsNamed(store: Store, name: string): ExperimentName[] {
  return store.db.select({ id: experiments.id, name: experiments.name }).from(experiments).where(eq(experiments.name, name)).orderBy(asc(experiments.id)).all();
}
