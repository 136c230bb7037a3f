// Audit entries as a table, newest first: when, who (a user, an API token, or the system — a trainer's rule
// decisions name their rule), what, on what, and the details recorded with it (as text).
import Link from "next/link";
import type { AuditLogEntry } from "@/db/queries/audit-log";
import { formatDateTime } from "@/lib/format";
import { auditDetailText } from "./audit-detail-text";
import { proposalPath } from "@/lib/proposals/inbox-filter";
import { RelativeTime } from "@/components/ui/relative-time";
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

export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <div className="table-wrap">
      <table className="table" aria-label="Audit log">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className="nowrap" title={formatDateTime(e.at)}>
                <RelativeTime ms={e.at} />
              </td>
              <td>{actorText(e)}</td>
              <td className="mono nowrap">{e.action}</td>
              <td className="wrap-anywhere">
                <Target e={e} />
              </td>
              <td>
                <Detail detail={e.detail} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
