// Who is asking: a signed-in user or an API token, reduced to the scopes both kinds share, so route
// handlers check one thing ("does the caller have scope X") whatever the credential was.
import { ROLES, TOKEN_SCOPES, type Role, type TokenScope } from "../../../domain/vocabulary";

export interface Principal {
  kind: "user" | "token";
  id: string;
  name: string;
  role?: Role;
  scopes: TokenScope[];
  /** Set for a job's own token: it may only ingest into that job's experiment (enforced by the ingest route). */
  jobId?: string;
  /**
   * With jobId: the job's experiment (null when the job has none). A job's token reads only this experiment
   * and its own job (lib/services/auth/read-scope.ts); without jobId the principal reads the whole lab.
   */
  jobExperimentId?: string | null;
  /**
   * A token minted for one experiment (Connect a trainer): it writes only into this experiment
   * (db/queries/experiment-ingest-scope.ts) and, with the read scope (a trainer that waits on the review gate), reads
   * only it, as a job's token reads only its job's (lib/services/auth/read-scope.ts).
   */
  experimentId?: string;
  /**
   * The token `serve` minted for the first start's reference experiment (lib/services/auth/api-tokens.ts): the harness
   * versions it sends are the installation's own demo code, trusted without review (lib/harness-trust).
   */
  firstStart?: true;
}

/** admin implies every other scope. */
export function hasScope(principal: Pick<Principal, "scopes">, scope: TokenScope): boolean {
  return principal.scopes.includes("admin") || principal.scopes.includes(scope);
}

export function roleAtLeast(role: Role, min: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(min);
}

// Reviewers decide on proposals through server actions (role checks), not through scoped API calls,
// so as a principal they only read; only admins may ingest or administer through the API.
export function scopesForRole(role: Role): TokenScope[] {
  return role === "admin" ? [...TOKEN_SCOPES] : ["read"];
}

export function userPrincipal(user: { id: string; username: string; role: Role }): Principal {
  return { kind: "user", id: user.id, name: user.username, role: user.role, scopes: scopesForRole(user.role) };
}
