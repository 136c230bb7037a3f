// A session and the rollouts it is made of: from a session, its sub-agents and compactions; from a sub-agent, its
// session. Labels are producer text, shown as text.
import Link from "next/link";
import type { LinkedRollout, RolloutLinks } from "@/db/queries/rollout-links";
import { rolloutPath } from "@/lib/http/page-links";
import { formatCount } from "@/lib/format";

const kindLabel = (kind: string | null) => (kind === "compaction" ? "compaction" : kind === "sub-agent" ? "sub-agent" : "linked");

function Item({ r }: { r: LinkedRollout }) {
  return (
    <li>
      <Link href={rolloutPath(r.id)} className="mono">{r.label}</Link> <span className="badge">{kindLabel(r.kind)}</span>{" "}
      <span className="muted small">{formatCount(r.numTurns)} turns</span>
    </li>
  );
}

export function LinkedRollouts({ links }: { links: RolloutLinks }) {
  if (!links.parent && links.children.length === 0) return null;
  return (
    <section className="section" aria-labelledby="linked-heading">
      <h2 id="linked-heading">{links.parent ? "Session" : "Sub-agents and compactions"}</h2>
      {links.parent && (
        <p>
          Part of the session <Link href={rolloutPath(links.parent.id)} className="mono">{links.parent.label}</Link>{" "}
          <span className="muted small">({formatCount(links.parent.numTurns)} turns)</span>
        </p>
      )}
      {links.children.length > 0 && (
        <ul aria-label="Sub-agents of this session">
          {links.children.map((r) => <Item key={r.id} r={r} />)}
        </ul>
      )}
      {links.more && <p className="muted small">The first {links.children.length} are listed.</p>}
    </section>
  );
}
