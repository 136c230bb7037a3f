// One generated hostile input: where it goes, what it carries, and what a correct answer to it is.
// Pure data, so the generators are deterministic and testable without a server.

export type HostileTarget = "ingest" | "read" | "import" | "sign_in";

export type HostileBody =
  | { kind: "bytes"; bytes: Uint8Array }
  /** A body streamed in chunks without a Content-Length (the server cannot refuse it up front). */
  | { kind: "stream"; chunk: Uint8Array; repeat: number }
  /** Written on a raw socket, head and all: for Content-Length lies that fetch refuses to send. */
  | { kind: "raw"; bytes: Uint8Array };

export interface HostileCase {
  /** Unique and stable for a seed, e.g. "ingest/wrong_type/rollout:reward=string". */
  id: string;
  target: HostileTarget;
  category: string;
  method: "GET" | "POST";
  /** Path and query, exactly as sent (already percent-encoded where it should be). */
  path: string;
  headers: Record<string, string>;
  body?: HostileBody;
  /**
   * "refuse": a 4xx with a message, and nothing written. "safe": well-formed but hostile-looking (FTS
   * syntax searched as words): any answer but a 5xx, with a body, and nothing written. "redirect": a
   * refusal a person meets in the browser (a stale sign-in link): 303 to a page that names the reason.
   */
  expect: "refuse" | "safe" | "redirect";
  /** The status the contract documents, when it names one; a different 4xx is reported, not failed. */
  status?: number;
  /** A page (not the JSON API) answers: the message is a non-empty body rather than JSON `error`. */
  page?: boolean;
  /** Text the answer's body must hold (a page's error message naming the refused parameter). */
  mustContain?: string;
  /** Malformed HTTP that Node's parser answers before the app sees it: a bare 4xx without a body counts. */
  parserAnswer?: boolean;
}

/** Everything the generators need from the seeded server: credentials and the ids that exist. */
export interface HostileContext {
  adminToken: string;
  readToken: string;
  ingestToken: string;
  expiredToken: string;
  revokedToken: string;
  /** Session cookie values. */
  viewerSession: string;
  adminSession: string;
  /** A user with a password, for the sign-in route. */
  signInUser: string;
  /** Prefix of the seeded example events' ids (lib/events/examples.ts). */
  seedPrefix: string;
  /** HARNESS_LAB_MAX_BODY_BYTES the server was started with. */
  maxBodyBytes: number;
  /** Host header value the server sees (for same-origin / cross-origin cases). */
  host: string;
  /** The sign-in server action's id (from the build's server-reference manifest), or a made-up one. */
  signInActionId: string;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export const bytesBody = (value: string | Uint8Array): HostileBody => ({ kind: "bytes", bytes: typeof value === "string" ? utf8(value) : value });

export function concatBytes(...parts: Array<string | Uint8Array>): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? utf8(p) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
