// The one refusal of the API: what kind of "no" it is, a sentence naming the field and the reason, and the
// extra fields a client may act on (the unreviewed versions, the problems of each parameter). Its HTTP status
// is decided here once, by kind — routes return refusals, lib/http/json-response.ts answers them.

export const REFUSAL_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  too_many: 429,
  /** The server could not do what was asked (a job directory it could not write): not the client's fault. */
  internal: 500,
  unavailable: 503,
} as const;

export type RefusalKind = keyof typeof REFUSAL_STATUS;

export interface Refusal {
  kind: RefusalKind;
  /** "field: what is wrong" — the field first, so a person knows what to fix. */
  error: string;
  /** The field the refusal is about, when there is one (also sent to the client). */
  field?: string;
  /** More for a client to act on, sent beside `error` (problems, unreviewed, job, …). */
  extra?: Record<string, unknown>;
}

export type Refused = { ok: false; refusal: Refusal };

export function refuse(kind: RefusalKind, error: string, more: { field?: string; extra?: Record<string, unknown> } = {}): Refused {
  return { ok: false, refusal: { kind, error, ...more } };
}

const KIND_OF_STATUS = new Map<number, RefusalKind>(Object.entries(REFUSAL_STATUS).map(([kind, status]) => [status, kind as RefusalKind]));

/** For services that still answer with a status number (jobs): the kind it stands for; anything else is invalid. */
export function refusalKindOf(status: number): RefusalKind {
  return KIND_OF_STATUS.get(status) ?? "invalid";
}

/** A bad query parameter of the read API, in the one shape every GET route answers it:
 *  `query parameter "p": why`, `field: p`, and every problem under `errors` ({ parameter, message }). */
export function refuseParameter(parameter: string, message: string, errors: { parameter: string; message: string }[] = [{ parameter, message }]): Refused {
  return refuse("invalid", `query parameter "${parameter}": ${message}`, { field: parameter, extra: { errors } });
}

/** A record the caller cannot read, answered exactly like one that does not exist. */
export function refuseNotFound(error: string, field?: string): Refused {
  return refuse("not_found", error, field ? { field } : {});
}
