// The documented limits of POST /api/v1/events (also shown on the API page).
export const INGEST_LIMITS = {
  /** Whole request body; over it the request is refused with 413. HARNESS_LAB_MAX_BODY_BYTES overrides. */
  maxBodyBytes: Number(process.env.HARNESS_LAB_MAX_BODY_BYTES ?? 512 * 1024 * 1024),
  /** One event (e.g. a rollout with all its turns). */
  maxEventBytes: 64 * 1024 * 1024,
  /** Bodies up to this size are parsed in memory; larger ones are validated as they stream and spooled to disk. */
  inMemoryBytes: 8 * 1024 * 1024,
};
