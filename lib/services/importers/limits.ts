// The importer's size caps and defaults, in one place so the CLI, the upload route and the form agree.

/** One file larger than this is refused with a report line (its rollout would not fit one event anyway). */
export const MAX_IMPORT_FILE_BYTES = 32 * 1024 * 1024;

/** All files of one CLI import together; a sanity bound, since the CLI streams file by file. */
export const MAX_IMPORT_TOTAL_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * One upload through the dashboard. The route holds the whole multipart body and the parsed files in
 * memory and applies them in one transaction, so this is lower than the CLI's bound; bigger imports use the CLI.
 */
export const MAX_UPLOAD_BYTES = 128 * 1024 * 1024;

/** Most files in one upload (each becomes a report line the form shows). */
export const MAX_UPLOAD_FILES = 5_000;

/**
 * Zip-bomb guard for archives (Inspect's `.eval`): the most one entry, and all entries of one archive
 * together, may inflate to. An agentic eval's sample is a few MB; 64 MB leaves room for very long ones,
 * and an archive over 256 MB uncompressed is larger than the upload itself may be by far. Entries are
 * checked against these before they are inflated and cannot inflate past what they declare.
 */
export const MAX_EVAL_ENTRY_BYTES = 64 * 1024 * 1024;
export const MAX_EVAL_ARCHIVE_BYTES = 256 * 1024 * 1024;

/** The benchmark of tasks when neither the file nor --benchmark names one. */
export const DEFAULT_BENCHMARK = "swe-bench";

/** The run's name when --run is not given: re-imports into one experiment land in the same run. */
export const DEFAULT_RUN_NAME = "import";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
}
