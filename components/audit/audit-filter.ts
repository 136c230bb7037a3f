// The audit page's filter as it lives in the URL (/audit?action=…&actor=user:ID&before=ID). Pure: the page
// and the filter form share it. Unusable values are dropped and named.
export interface AuditPageFilter {
  action?: string;
  actor?: string;
  before?: number;
}

type Raw = Record<string, string | string[] | undefined>;

export function parseAuditFilter(raw: Raw): { filter: AuditPageFilter; problems: string[] } {
  const filter: AuditPageFilter = {};
  const problems: string[] = [];
  const one = (key: string): string | undefined => {
    const value = raw[key];
    if (Array.isArray(value)) {
      problems.push(`${key}: give one value`);
      return undefined;
    }
    return value === "" ? undefined : value;
  };
  const action = one("action");
  if (action !== undefined) {
    if (action.length <= 100) filter.action = action;
    else problems.push("action: at most 100 characters");
  }
  const actor = one("actor");
  if (actor !== undefined) {
    if (/^(system|(user|token):.{1,256})$/.test(actor)) filter.actor = actor;
    else problems.push("actor: system, user:ID or token:ID");
  }
  const before = one("before");
  if (before !== undefined) {
    if (/^\d{1,15}$/.test(before)) filter.before = Number(before);
    else problems.push("before: must be an entry number");
  }
  return { filter, problems };
}

export function auditHref(filter: AuditPageFilter): string {
  const params = new URLSearchParams();
  if (filter.action !== undefined) params.set("action", filter.action);
  if (filter.actor !== undefined) params.set("actor", filter.actor);
  if (filter.before !== undefined) params.set("before", String(filter.before));
  const query = params.toString();
  return query ? `/audit?${query}` : "/audit";
}
