// Audit entries as a table, newest first: when, who (a user, an API token, or the system — a trainer's rule
// decisions name their rule), what, on what, and the details recorded with it (as text). Drawn by the one
// DataTable: the details give way first on a narrow screen.
import Link from "next/link";
import type { AuditLogEntry } from "@/db/queries/audit-log";
import { formatDateTime } from "@/lib/format";
import { auditDetailText } from "./audit-detail-text";
import { proposalPath } from "@/lib/proposals/inbox-filter";
import { RelativeTime } from "@/components/ui/relative-time";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "./audit.module.css";

function actorText(e: AuditLogEntry): string {
  if (e.actorKind === "user") return e.actorName ?? `user ${e.actorId}`;
  if (e.actorKind === "token") return `token ${e.actorName ?? e.actorId}`;
  const rule = e.detail?.rule;
  return typeof rule === "string" ? `rule (${rule})` : "system";
}

function Target({ e }: { e: AuditLogEntry }) {
  if (!e.targetKind || !e.targetId) return <span className="muted">—</span>;
  const name = e.targetName ?? e.targetId;
  if (e.targetKind === "proposal") return <Link href={proposalPath(e.targetId)}>{name}</Link>;
  return (
    <>
      <span className="muted small">{e.targetKind.replaceAll("_", " ")}</span> {name}
    </>
  );
}

function Detail({ detail }: { detail: Record<string, unknown> | null }) {
  const entries = Object.entries(detail ?? {}).filter(([key, value]) => value !== null && value !== undefined && key !== "rule");
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <dl className={styles.detail}>
      {entries.map(([key, value]) => (
        <div key={key} className={styles.detailRow}>
          <dt>{key}</dt>
          <dd>{auditDetailText(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS: Column<AuditLogEntry>[] = [
  { id: "when", label: "When", header: "When", className: "nowrap", title: (e) => formatDateTime(e.at), value: (e) => formatDateTime(e.at), cell: (e) => <RelativeTime ms={e.at} /> },
  { id: "actor", label: "Actor", header: "Actor", value: actorText },
  { id: "action", label: "Action", header: "Action", className: "mono nowrap", value: (e) => e.action },
  { id: "target", label: "Target", header: "Target", priority: 2, className: "wrap-anywhere", cell: (e) => <Target e={e} /> },
  { id: "details", label: "Details", header: "Details", priority: 3, cell: (e) => <Detail detail={e.detail} /> },
];

export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  // The rows have no single name (an entry is its time, actor and action together): plain cells throughout.
  return <DataTable columns={COLUMNS} rows={entries} rowKey={(e) => String(e.id)} label="Audit log" rowHeaders={false} />;
}
