// A proposal's lineage: the one it revises and the ones that revise it (a rejected idea coming back in
// another form), each with its status.
import Link from "next/link";
import { proposalPath } from "@/lib/proposals/inbox-filter";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "./proposals.module.css";

interface ProposalLink {
  id: string;
  title: string;
  status: string;
}

export function Lineage({ parent, revisedBy }: { parent: ProposalLink | null; revisedBy: ProposalLink[] }) {
  if (!parent && revisedBy.length === 0) return <p className="muted">This proposal revises none, and none revises it.</p>;
  const item = (p: ProposalLink) => (
    <li key={p.id}>
      <Link href={proposalPath(p.id)}>{p.title}</Link> <StatusBadge status={p.status} />
    </li>
  );
  return (
    <dl className="key-values">
      <dt>Revises</dt>
      <dd>{parent ? <ul className={styles.plainList}>{item(parent)}</ul> : <span className="muted">none</span>}</dd>
      <dt>Revised by</dt>
      <dd>{revisedBy.length ? <ul className={styles.plainList}>{revisedBy.map(item)}</ul> : <span className="muted">none</span>}</dd>
    </dl>
  );
}
