"use client";
// Filter the audit log by action and actor. A change writes the filter into the URL and starts again at the
// newest entry; without JavaScript the form submits as a plain GET.
import type { AuditOptions } from "@/db/queries/audit-log";
import { auditHref, parseAuditFilter, type AuditPageFilter } from "./audit-filter";
import { FilterButtons, FilterChoice } from "@/components/ui/filter-form-parts";
import { useFilterNavigation } from "@/components/ui/use-filter-navigation";
import styles from "./audit.module.css";

interface Props {
  filter: AuditPageFilter;
  options: AuditOptions;
}

export function AuditFilterForm({ filter, options }: Props) {
  const { onSubmit, onChange } = useFilterNavigation((raw) => auditHref({ ...parseAuditFilter(raw).filter, before: undefined }));
  return (
    <form method="get" action="/audit" className={styles.filters} aria-label="Filter the audit log" onSubmit={onSubmit} onChange={onChange}>
      <FilterChoice idPrefix="audit" name="action" label="Action" value={filter.action} choices={options.actions.map((a) => ({ value: a, label: a }))} className={styles.field} />
      <FilterChoice idPrefix="audit" name="actor" label="Actor" value={filter.actor} choices={options.actors} anyLabel="anyone" className={styles.field} />
      <FilterButtons resetHref="/audit" />
    </form>
  );
}
