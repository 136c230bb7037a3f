// How a harness version reached this store: the kind of principal that sent the event carrying it. Recorded
// once, when the version is first stored (a re-send changes nothing), and read by the trust rule (trust.ts).
import type { Principal } from "../services/auth/pure/principal";

/**
 * - session: a signed-in person (an admin) posted the events from the dashboard's origin;
 * - admin_token: an API token with scope admin, including the HARNESS_LAB_ADMIN_TOKEN of the environment;
 * - ingest_token: an API token with scope ingest (a trainer, a script);
 * - job_token: a launched job's own token;
 * - local: written straight into the store file by a CLI command on this machine (import/sync/demo --db);
 * - first_start: the first start's reference experiment, which `serve` runs on a brand-new store with the one
 *   token it minted for it (lib/services/auth/api-tokens.ts, createFirstStartToken): the dashboard's own demo code;
 * - unknown: stored before migration 0008 recorded arrivals; treated like a token's (nobody can say otherwise).
 */
export const HARNESS_ARRIVALS = ["session", "admin_token", "ingest_token", "job_token", "local", "first_start", "unknown"] as const;
export type HarnessArrival = (typeof HARNESS_ARRIVALS)[number];

/**
 * Arrivals whose code no person vouched for by sending it. The others are trusted: a signed-in person, an
 * admin token and a local CLI write already hold full power over this installation (they could change its
 * templates or its store directly), and the first start's reference experiment is code the installation ships.
 */
export const OUTSIDE_ARRIVALS: ReadonlySet<HarnessArrival> = new Set(["ingest_token", "job_token", "unknown"]);

export function arrivalOf(principal: Pick<Principal, "kind" | "scopes" | "jobId" | "firstStart">): HarnessArrival {
  if (principal.kind === "user") return "session";
  if (principal.jobId) return "job_token";
  if (principal.firstStart) return "first_start";
  return principal.scopes.includes("admin") ? "admin_token" : "ingest_token";
}

/** In a sentence: "through an ingest token". */
export function describeArrival(arrival: HarnessArrival): string {
  switch (arrival) {
    case "session": return "from a signed-in person";
    case "admin_token": return "through an admin token";
    case "ingest_token": return "through an ingest token";
    case "job_token": return "through a job's own token";
    case "local": return "from a command-line write on the server's machine";
    case "first_start": return "with the first start's reference experiment";
    case "unknown": return "before arrivals were recorded (possibly through a token)";
  }
}
