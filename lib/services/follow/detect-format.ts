// Which trainer wrote a file, from its path and (for JSONL) its first record. Files of no followed format
// are skipped, never reported: a trainer's output directory holds checkpoints, configs and logs too.
import { isMetricsRecord } from "./pure/formats/metrics-record";
import { isPrimeEpisode } from "./pure/formats/prime-rl-traces";
import { isSkyrlEval } from "./pure/formats/skyrl-evals";
import { isVerlGeneration } from "./pure/formats/verl-generations";

export type FileKind = "metrics" | "verl-generations" | "skyrl-evals" | "prime-traces" | "trl-completions" | "rllm-episode";
export type LineKind = Exclude<FileKind, "trl-completions" | "rllm-episode">;

/** A kind decided by the path alone, "jsonl" for JSONL files to be recognized by content, or null to skip. */
export function kindFromPath(relPath: string): FileKind | "jsonl" | null {
  const base = relPath.slice(relPath.lastIndexOf("/") + 1);
  if (base.startsWith(".harness-lab")) return null;
  if (/(^|\/)completions_\d+\.parquet$/.test(relPath)) return "trl-completions";
  // Only JSON under an episodes/ directory or named episode*: a trainer's directory is full of other JSON
  // (configs, tokenizers, checkpoints' state) that must not be read, let alone reported.
  if (base.endsWith(".json")) return /(^|\/)episodes\/|(^|\/)episode[^/]*\.json$/i.test(relPath) ? "rllm-episode" : null;
  if (!base.endsWith(".jsonl")) return null;
  // The offline event log is `harness-lab sync`'s to apply, not a trainer's file.
  if (/^events-.*\.jsonl$/.test(base)) return null;
  if (/(^|\/)dumped_evals\//.test(relPath)) return base === "aggregated_results.jsonl" ? "metrics" : "skyrl-evals";
  if (/(^|\/)rollouts\/step_\d+\/.*traces\.jsonl$/.test(relPath)) return "prime-traces";
  return "jsonl";
}

/** The kind of a JSONL file whose path did not decide it, from one of its records; null if none fits. */
export function kindFromRecord(record: unknown): LineKind | null {
  if (isVerlGeneration(record)) return "verl-generations";
  if (isSkyrlEval(record)) return "skyrl-evals";
  if (isPrimeEpisode(record)) return "prime-traces";
  if (isMetricsRecord(record)) return "metrics";
  return null;
}
