// The audit log: every decision and every other privileged action (sign-ins, sign-in links, tokens, users,
// trainers' rule decisions), newest first, filtered by action and actor, paged by a cursor. Admins and
// reviewers may read it (reviewers need to see who decided what); viewers may not.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listAuditLog, listAuditOptions } from "@/db/queries/audit-log";
import { requireUser } from "@/lib/services/auth/current-user";
import { EmptyState } from "@/components/ui/empty-state";
import { AuditFilterForm } from "@/components/audit/audit-filter-form";
import { AuditTable } from "@/components/audit/audit-table";
import { auditHref, parseAuditFilter } from "@/components/audit/audit-filter";
import styles from "@/components/audit/audit.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function AuditPage({ searchParams }: Props) {
  await requireUser("reviewer");
  const { filter, problems } = parseAuditFilter(await searchParams);
  const store = getStore();
  const page = listAuditLog(store, filter);
  const options = listAuditOptions(store);

  return (
    <main>
      <header className="page-header">
        <h1>Audit log</h1>
        <p className="muted">
          Who did what, newest first: decisions on proposals (people&apos;s and trainers&apos; rules), sign-ins, sign-in links,
          API tokens and user changes. Entries are never changed or removed.
        </p>
      </header>
      <AuditFilterForm filter={filter} options={options} />
      {problems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {problems.join("; ")}.
        </p>
      )}
      {page.entries.length === 0 ? (
        <EmptyState title="No entries">{filter.action || filter.actor || filter.before ? <p><Link href="/audit">Show every entry</Link></p> : null}</EmptyState>
      ) : (
        <AuditTable entries={page.entries} />
      )}
      <nav className={styles.pager} aria-label="Audit log pages">
        {filter.before !== undefined && <Link href={auditHref({ ...filter, before: undefined })}>Newest entries</Link>}
        {page.nextCursor !== null && <Link href={auditHref({ ...filter, before: page.nextCursor })}>Older entries</Link>}
      </nav>
    </main>
  );
}
