// The review inbox's filter as it lives in the URL (/proposals?experiment=…&epoch=…&round=…&kind=…&status=…
// &decided=rule|human|none): parsed leniently (a bad value is dropped and named, the rest still applies) and
// written back in one canonical order. Pure: the page and the filter form share it.
import { PROPOSAL_KINDS, PROPOSAL_STATUSES } from "../domain/vocabulary";

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

export const INBOX_FILTER_KEYS = ["experiment", "epoch", "round", "kind", "status", "decided"] as const;

type Raw = Record<string, string | string[] | undefined>;

const oneOf = <T extends string>(values: readonly T[], v: string): T | undefined => (values as readonly string[]).includes(v) ? (v as T) : undefined;

/** The filter and, for each value that could not be used, "name: why". Empty values mean "any". */
export function parseInboxFilter(raw: Raw): { filter: InboxFilter; problems: string[] } {
  const filter: InboxFilter = {};
  const problems: string[] = [];
  for (const key of INBOX_FILTER_KEYS) {
    const value = raw[key];
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) {
      problems.push(`${key}: give one value`);
      continue;
    }
    switch (key) {
      case "experiment":
        if (value.length <= 256) filter.experiment = value;
        else problems.push("experiment: at most 256 characters");
        break;
      case "epoch":
      case "round":
        if (/^\d{1,9}$/.test(value)) filter[key] = Number(value);
        else problems.push(`${key}: must be a whole number`);
        break;
      case "kind": {
        const kind = oneOf(PROPOSAL_KINDS, value);
        if (kind) filter.kind = kind;
        else problems.push(`kind: one of ${PROPOSAL_KINDS.join(", ")}`);
        break;
      }
      case "status": {
        const status = oneOf(PROPOSAL_STATUSES, value);
        if (status) filter.status = status;
        else problems.push(`status: one of ${PROPOSAL_STATUSES.join(", ")}`);
        break;
      }
      case "decided": {
        const decided = oneOf(DECIDED_BY, value);
        if (decided) filter.decided = decided;
        else problems.push(`decided: one of ${DECIDED_BY.join(", ")}`);
        break;
      }
    }
  }
  return { filter, problems };
}

/** The inbox address for a filter; "/proposals" when nothing is filtered. */
export function inboxHref(filter: InboxFilter): string {
  const params = new URLSearchParams();
  for (const key of INBOX_FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/proposals?${query}` : "/proposals";
}

export const proposalPath = (proposalId: string) => `/proposals/${encodeURIComponent(proposalId)}`;
