// The review inbox's filter as it lives in the URL (/proposals?experiment=…&epoch=…&round=…&kind=…&status=…
// &decided=rule|human|none): parsed leniently (a bad value is dropped and named, the rest still applies) and
// written back in one canonical order. The kind has a default: an address without `kind` shows teacher
// proposals only (tool_hook), so they are not buried under dozens of engineer patches; `kind=any` shows every
// kind. The address always states the kind (inboxHref writes it, the page redirects to it), so the default
// is visible there and in the form. Pure: the page and the filter form share it.
import { PROPOSAL_KINDS, PROPOSAL_STATUSES } from "../domain/vocabulary";
import { parseUrlState, urlOneOf, urlText, urlWholeNumber, type UrlRaw } from "../http/url-state";

export const DECIDED_BY = ["rule", "human", "none"] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];

export interface InboxFilter {
  experiment?: string;
  epoch?: number;
  round?: number;
  kind?: (typeof PROPOSAL_KINDS)[number];
  status?: (typeof PROPOSAL_STATUSES)[number];
  /** Who took the latest decision: the rule, a person, or nobody yet. */
  decided?: DecidedBy;
}

/** What an address without `kind` shows: teacher proposals. */
export const DEFAULT_INBOX_KIND = "tool_hook" as const;
/** The `kind` value that shows every kind. */
export const ANY_KIND = "any";

export const INBOX_FILTER_KEYS = ["experiment", "epoch", "round", "kind", "status", "decided"] as const;

type Raw = UrlRaw;

const INBOX_FIELDS = {
  experiment: urlText(256),
  epoch: urlWholeNumber(9),
  round: urlWholeNumber(9),
  kind: urlOneOf([...PROPOSAL_KINDS, ANY_KIND] as const),
  status: urlOneOf(PROPOSAL_STATUSES),
  decided: urlOneOf(DECIDED_BY),
};

/**
 * The filter and, for each value that could not be used, "name: why". Empty values mean "any", except the
 * kind: a missing, empty or unusable kind is the default (teacher proposals), `any` is every kind.
 */
export function parseInboxFilter(raw: Raw): { filter: InboxFilter; problems: string[] } {
  const { state, problems } = parseUrlState(raw, INBOX_FIELDS);
  const { kind, ...rest } = state;
  return { filter: { ...rest, ...(kind === ANY_KIND ? {} : { kind: kind ?? DEFAULT_INBOX_KIND }) }, problems };
}

/** The inbox address for a filter. It always names the kind (`any` when every kind is shown). */
export function inboxHref(filter: InboxFilter): string {
  const params = new URLSearchParams();
  for (const key of INBOX_FILTER_KEYS) {
    const value = key === "kind" ? (filter.kind ?? ANY_KIND) : filter[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return `/proposals?${params.toString()}`;
}

/**
 * The address with the default kind written in, for an address that does not name one; null when it does.
 * Every other parameter stays as it came, so a bad value is still named on the page it lands on.
 */
export function withDefaultKind(raw: Raw): string | null {
  if ((typeof raw.kind === "string" && raw.kind !== "") || Array.isArray(raw.kind)) return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    if (key === "kind" || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  params.set("kind", DEFAULT_INBOX_KIND);
  return `/proposals?${params.toString()}`;
}

export const proposalPath = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}`;
