// The two harness versions a harness diff compares, each with its files' contents, kinds and hook positions.
import "server-only";
import { eq } from "drizzle-orm";
import type { Store } from "../client";
import { experiments } from "../schema";
import { getHarnessVersionWithFiles } from "./harness-version-files";
import type { HarnessFileInput } from "../../lib/harness-diff/file-changes";

export interface HarnessDiffSide {
  id: string;
  label: string;
  experimentId: string;
  experimentName: string | null;
  origin: string;
  description: string | null;
  files: HarnessFileInput[];
}

export interface HarnessDiffSides {
  /** null when no harness version has that id. */
  base: HarnessDiffSide | null;
  candidate: HarnessDiffSide | null;
}

export function getHarnessDiffSides(store: Store, baseVersionId: string, candidateVersionId: string): HarnessDiffSides {
  return { base: loadSide(store, baseVersionId), candidate: loadSide(store, candidateVersionId) };
}

function loadSide(store: Store, id: string): HarnessDiffSide | null {
  const version = getHarnessVersionWithFiles(store, id);
  if (!version) return null;
  const experiment = store.db.select({ name: experiments.name }).from(experiments).where(eq(experiments.id, version.experimentId)).get();
  return {
    id: version.id,
    label: version.label,
    experimentId: version.experimentId,
    experimentName: experiment?.name ?? null,
    origin: version.origin,
    description: version.description,
    files: version.files.map((file) => ({ path: file.path, kind: file.kind, hookPosition: file.hookPosition, content: file.content })),
  };
}
