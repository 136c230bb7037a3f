// Where an import goes: the experiment (existing or to create), the run, the harness version, the benchmark.
// Ids are derived from names so that importing the same files again addresses the same records.
import { prefixedId, stableId } from "../../client/ids";

export interface ImportTarget {
  experimentId: string;
  experimentName: string;
  /** True when the experiment does not exist yet: the import sends its experiment event (method "custom"). */
  createExperiment: boolean;
  runId: string;
  runName: string;
  /** Given with --harness LABEL; `create` is false when the experiment already has a version with that label. */
  harness?: { id: string; label: string; create: boolean };
  /** For tasks whose file names no benchmark. */
  benchmark: string;
}

/** "My SWE-bench run #2" → "my-swe-bench-run-2"; empty when the name has no letters or digits. */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/g, "");
}

/** The id a new experiment gets: its slug, or slug + hash when the slug is empty or already taken. */
export function newExperimentId(name: string, slugTaken: boolean): string {
  const slug = slugOf(name);
  if (slug === "") return prefixedId("experiment", name);
  return slugTaken ? `${slug}-${stableId("experiment", name).slice(0, 8)}` : slug;
}

export function importRunId(experimentId: string, runName: string): string {
  return prefixedId("run", experimentId, "import", runName);
}

export function importHarnessId(experimentId: string, label: string): string {
  return prefixedId("harness", experimentId, "import", label);
}
