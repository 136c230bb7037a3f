"use client";
// Filter the audit log by action and actor. A change writes the filter into the URL and starts again at the
// newest entry; without JavaScript the form submits as a plain GET.
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import type { AuditOptions } from "@/db/queries/audit-log";
import { auditHref, parseAuditFilter, type AuditPageFilter } from "./audit-filter";
import styles from "./audit.module.css";

interface Props {
  filter: AuditPageFilter;
  options: AuditOptions;
}

export function AuditFilterForm({ filter, options }: Props) {
  const router = useRouter();
  const apply = (form: HTMLFormElement) => {
    const raw: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === "string") raw[key] = value;
    router.push(auditHref({ ...parseAuditFilter(raw).filter, before: undefined }), { scroll: false });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  return (
    <form method="get" action="/audit" className={styles.filters} aria-label="Filter the audit log" onSubmit={onSubmit} onChange={(e) => apply(e.currentTarget)}>
      <div className={`form-field ${styles.field}`}>
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" name="action" defaultValue={filter.action ?? ""} key={filter.action ?? ""}>
          <option value="">any</option>
          {filter.action !== undefined && !options.actions.includes(filter.action) && <option value={filter.action}>{filter.action}</option>}
          {options.actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      <div className={`form-field ${styles.field}`}>
        <label htmlFor="audit-actor">Actor</label>
        <select id="audit-actor" name="actor" defaultValue={filter.actor ?? ""} key={filter.actor ?? ""}>
          <option value="">anyone</option>
          {filter.actor !== undefined && !options.actors.some((a) => a.value === filter.actor) && <option value={filter.actor}>{filter.actor}</option>}
          {options.actors.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.buttons}>
        <button type="submit" className="button button-small">
          Apply
        </button>
        <Link href="/audit" className="small">
          Clear
        </Link>
      </div>
    </form>
  );
}
