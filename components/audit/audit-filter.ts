// The audit page's filter as it lives in the URL (/audit?action=…&actor=user:ID&before=ID). Pure: the page
// and the filter form share it. Unusable values are dropped and named (lib/http/url-state.ts).
import { parseUrlState, urlMatching, urlText, urlWholeNumber, type UrlRaw } from "../../lib/http/url-state";

export interface AuditPageFilter {
  action?: string;
  actor?: string;
  before?: number;
}

const AUDIT_FIELDS = {
  action: urlText(100),
  actor: urlMatching(/^(system|(user|token):.{1,256})$/, "system, user:ID or token:ID"),
  before: urlWholeNumber(15, "must be an entry number"),
};

export function parseAuditFilter(raw: UrlRaw): { filter: AuditPageFilter; problems: string[] } {
  const { state, problems } = parseUrlState(raw, AUDIT_FIELDS);
  return { filter: state, problems };
}

export function auditHref(filter: AuditPageFilter): string {
  const params = new URLSearchParams();
  if (filter.action !== undefined) params.set("action", filter.action);
  if (filter.actor !== undefined) params.set("actor", filter.actor);
  if (filter.before !== undefined) params.set("before", String(filter.before));
  const query = params.toString();
  return query ? `/audit?${query}` : "/audit";
}
