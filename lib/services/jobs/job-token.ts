// A job's own API token: ingest + read, tied to the job (api_tokens.job_id), so the ingest route keeps it inside
// the job's experiment; it expires a time limit after the job STARTS and is revoked when the job ends.
import "server-only";
import type { Store } from "../../../db/client";
import { createApiToken } from "../auth/api-tokens";
import { revokeJobTokens } from "../../../db/mutations/jobs";
import { writeTransaction } from "../../../db/write-transaction";

const DEFAULT_LIMIT_MS = 24 * 60 * 60 * 1000;
/** A little past the limit: the job still flushes its last events while it is being stopped. */
const MARGIN_MS = 10 * 60 * 1000;

export function tokenLifetimeMs(timeLimitMinutes: number | undefined): number {
  return (timeLimitMinutes ? timeLimitMinutes * 60_000 : DEFAULT_LIMIT_MS) + MARGIN_MS;
}

export function mintJobToken(store: Store, jobId: string, input: { createdBy: string | null; expiresAt: number; now: number }): string {
  return createApiToken(store, { name: `job ${jobId}`, scopes: ["ingest", "read"], createdBy: input.createdBy, jobId, expiresAt: input.expiresAt }, input.now).secret;
}

/** After a restart the secret minted at launch is gone (it is never stored): replace the job's token. */
export function reissueJobToken(store: Store, jobId: string, input: { createdBy: string | null; expiresAt: number; now: number }): string {
  return writeTransaction(store, () => {
    revokeJobTokens(store, jobId, input.now);
    return mintJobToken(store, jobId, input);
  });
}
