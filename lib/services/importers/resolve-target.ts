// Turns the import's options (--experiment NAME-OR-ID, --run, --harness, --benchmark) into an ImportTarget,
// looking the experiment up in the store (--db, the upload route) or through the read API (--server).
import "server-only";
import type { Store } from "../../../db/client";
import { experimentsNamed, experimentWithVersionLabels } from "../../../db/queries/experiment-lookup";
import { HarnessLabError, type HarnessLabClient } from "../../client/harness-lab-client";
import { DEFAULT_BENCHMARK, DEFAULT_RUN_NAME } from "./limits";
import { importHarnessId, importRunId, newExperimentId, type ImportTarget } from "./target";

export interface ExperimentRecord {
  id: string;
  name: string;
  harnessVersions: Array<{ id: string; label: string }>;
}

export interface ExperimentLookup {
  byId(id: string): Promise<ExperimentRecord | null>;
  /** Every experiment with exactly this name. */
  byName(name: string): Promise<Array<{ id: string; name: string }>>;
}

export interface ImportOptions {
  experiment: string;
  run?: string;
  harness?: string;
  benchmark?: string;
}

export type ResolveResult = { ok: true; target: ImportTarget } | { ok: false; field: keyof ImportOptions; reason: string };

const MAX_LABEL = 1_000;

/** Checks the options like the contract would (labels of 1–1000 characters) and resolves the experiment. */
export async function resolveTarget(lookup: ExperimentLookup, options: ImportOptions): Promise<ResolveResult> {
  const experiment = options.experiment.trim();
  if (experiment === "") return { ok: false, field: "experiment", reason: "is required (an experiment's id or name)" };
  for (const field of ["experiment", "run", "harness", "benchmark"] as const) {
    const value = options[field];
    if (value !== undefined && value.trim().length > MAX_LABEL) return { ok: false, field, reason: `must be at most ${MAX_LABEL} characters` };
    if (value !== undefined && field !== "experiment" && value.trim() === "") return { ok: false, field, reason: "must not be empty when given" };
  }

  let record = await lookup.byId(experiment);
  let created = false;
  let id: string;
  let name: string;
  if (!record) {
    const named = await lookup.byName(experiment);
    if (named.length > 1) {
      return { ok: false, field: "experiment", reason: `"${experiment}" names ${named.length} experiments (${named.map((e) => e.id).join(", ")}); give the id` };
    }
    if (named.length === 1) record = await lookup.byId(named[0]!.id);
  }
  if (record) {
    id = record.id;
    name = record.name;
  } else {
    const slugTaken = (await lookup.byId(newExperimentId(experiment, false))) !== null;
    id = newExperimentId(experiment, slugTaken);
    name = experiment;
    created = true;
  }

  const runName = options.run?.trim() || DEFAULT_RUN_NAME;
  const label = options.harness?.trim();
  let harness: ImportTarget["harness"];
  if (label) {
    const existing = record?.harnessVersions.find((v) => v.label === label);
    harness = existing ? { id: existing.id, label, create: false } : { id: importHarnessId(id, label), label, create: true };
  }
  return {
    ok: true,
    target: {
      experimentId: id,
      experimentName: name,
      createExperiment: created,
      runId: importRunId(id, runName),
      runName,
      harness,
      benchmark: options.benchmark?.trim() || DEFAULT_BENCHMARK,
    },
  };
}

export function storeLookup(store: Store): ExperimentLookup {
  return {
    async byId(id) {
      return experimentWithVersionLabels(store, id);
    },
    async byName(name) {
      return experimentsNamed(store, name);
    },
  };
}

/** Through GET /api/v1/experiments and /api/v1/experiments/{id} (a token with the read scope). */
export function httpLookup(client: HarnessLabClient): ExperimentLookup {
  return {
    async byId(id) {
      try {
        const body = await client.getJson<{ experiment: { id: string; name: string }; harnessVersions?: Array<{ id: string; label: string }> }>(
          `experiments/${encodeURIComponent(id)}`,
        );
        return { id: body.experiment.id, name: body.experiment.name, harnessVersions: body.harnessVersions ?? [] };
      } catch (error) {
        if (error instanceof HarnessLabError && error.status === 404) return null;
        throw error;
      }
    },
    async byName(name) {
      const body = await client.getJson<{ experiments: Array<{ id: string; name: string }> }>("experiments");
      return body.experiments.filter((e) => e.name === name).map((e) => ({ id: e.id, name: e.name })).sort((a, b) => (a.id < b.id ? -1 : 1));
    },
  };
}
