// What the server writes into a job's directory besides the harness files, for the job to read: the
// resolved records its parameters name (a checkpoint's metadata and uri, the harness versions' file
// manifests, a proposal's two sides) and its experiment's config. Plain JSON, so a job in any language can
// read $HARNESS_LAB_JOB_DIR/inputs.json; no database, no extra API call.
import fs from "node:fs";
import path from "node:path";

export const INPUTS_FILE = "inputs.json";
/** The chosen harness version's files (HARNESS_LAB_HARNESS_DIR). */
export const HARNESS_SUBDIR = "harness";
/** A proposal's base version, when the job compares a proposal's candidate with it. */
export const BASE_HARNESS_SUBDIR = "base-harness";

export interface HarnessManifest {
  id: string;
  label: string;
  /** Directory of the files, relative to the job directory. */
  dir: string;
  files: { path: string; kind: string; hookPosition: string | null }[];
}

export interface JobInputs {
  job: string;
  run: string;
  experiment: { id: string; name: string; method: string; config: Record<string, unknown> | null };
  /** The validated parameters, defaults filled. */
  params: Record<string, string>;
  /** Every checkpoint a parameter names, by id. */
  checkpoints: Record<string, { id: string; name: string | null; model: string | null; step: number | null; epoch: number | null; uri: string | null; metadata: Record<string, unknown> | null }>;
  harness: HarnessManifest | null;
  baseHarness: HarnessManifest | null;
  proposal: { id: string; base: string; candidate: string } | null;
}

export function readJobInputs(jobDir: string): JobInputs {
  return JSON.parse(fs.readFileSync(path.join(jobDir, INPUTS_FILE), "utf8")) as JobInputs;
}
