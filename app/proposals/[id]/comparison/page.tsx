// A proposal's candidate comparisons on a page of their own (the proposal page may fold the panel in later).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getProposalHeading } from "@/db/queries/proposal-comparison";
import { requireUser } from "@/lib/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { ComparisonPanel } from "@/components/proposals/comparison-panel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Proposal comparison" };

interface Props {
  params: Promise<{ id: string }>;
}

export default async function ProposalComparisonPage({ params }: Props) {
  await requireUser();
  const proposalId = idFromSegment((await params).id);
  const proposal = proposalId === null ? null : getProposalHeading(getStore(), proposalId);
  if (!proposal) notFound();

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href={`/proposals?experiment=${encodeURIComponent(proposal.experimentId)}`}>Proposals</Link> /{" "}
          <Link href={`/proposals/${encodeURIComponent(proposal.id)}`}>proposal</Link> / comparison
        </nav>
        <h1 className="wrap-anywhere">{proposal.title}</h1>
        <p className="muted">
          The candidate harness against the incumbent on the same tasks: the paper&apos;s rule, and how sure the measured
          change is.
        </p>
      </header>
      <ComparisonPanel proposalId={proposal.id} />
    </main>
  );
}
