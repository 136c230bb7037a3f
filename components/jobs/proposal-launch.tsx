// Jobs a proposal page offers reviewers: after an approval, "Train the next epoch with H2" (the train-epoch
// template prefilled with the promoted candidate and the next epoch); before a decision, a fresh comparison
// of the candidate against its base (the compare-candidate template).
import Link from "next/link";
import type { JobTemplate } from "@/lib/services/jobs/templates";
import { launchPath } from "@/lib/http/page-links";

interface Props {
  experimentId: string;
  proposalId: string;
  status: string;
  candidate: { id: string; label: string };
  epoch: number | null;
  templates: JobTemplate[];
}

export function ProposalLaunch({ experimentId, proposalId, status, candidate, epoch, templates }: Props) {
  const train = templates.find((t) => t.spec.kind === "train-epoch" && Object.values(t.spec.placeholders).some((p) => p.type === "harness_version"));
  const compare = templates.find((t) => t.spec.kind === "compare-candidate" && Object.values(t.spec.placeholders).some((p) => p.type === "proposal"));
  const links: { href: string; label: string }[] = [];
  if (status === "accepted" && train) {
    const params: Record<string, string> = {};
    for (const [name, p] of Object.entries(train.spec.placeholders)) {
      if (p.type === "harness_version") params[name] = candidate.id;
      if (p.type === "epoch" && epoch !== null && epoch + 1 >= p.min && epoch + 1 <= p.max) params[name] = String(epoch + 1);
    }
    links.push({ href: launchPath(experimentId, train.id, params), label: `Train the next epoch with ${candidate.label}` });
  }
  if (status === "pending" && compare) {
    const name = Object.entries(compare.spec.placeholders).find(([, p]) => p.type === "proposal")![0];
    links.push({ href: launchPath(experimentId, compare.id, { [name]: proposalId }), label: `Compare ${candidate.label} against its base again` });
  }
  if (links.length === 0) return null;
  return (
    <section className="section card" aria-labelledby="proposal-launch-heading">
      <h2 id="proposal-launch-heading">Next</h2>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
