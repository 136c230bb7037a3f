// Teacher proposals and engineer patches across experiments, newest first.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listProposals } from "@/db/queries/experiments";
import { requireUser } from "@/lib/auth/current-user";
import { roleAtLeast } from "@/lib/auth/principal";
import { DecideProposalForm } from "@/components/proposals/decide-proposal-form";
import { decideProposalAction } from "./actions";
import { formatCount } from "@/lib/format";
import { EmptyState } from "@/components/ui/empty-state";
import { StatusBadge } from "@/components/ui/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { ExperimentFilterNote, experimentParam } from "@/components/experiments/experiment-filter";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Proposals" };

const KIND_LABELS = { tool_hook: "tool / hook change", engineer_patch: "engineer patch" } as const;

interface Props {
  searchParams: Promise<{ experiment?: string | string[] }>;
}

export default async function ProposalsPage({ searchParams }: Props) {
  const user = await requireUser();
  const canDecide = roleAtLeast(user.role, "reviewer");
  const experimentId = experimentParam((await searchParams).experiment);
  const rows = listProposals(getStore(), { experimentId });
  const titles = new Map(rows.map((p) => [p.id, p.title]));

  return (
    <main>
      <header className="page-header">
        <h1>Proposals</h1>
        <p className="muted">
          Harness changes proposed by a teacher or an engineer model. Reviewers decide on pending ones here; the full
          review (rationale, diff, comparison) comes with the proposal page.
        </p>
      </header>
      <ExperimentFilterNote experimentId={experimentId} experimentName={rows[0]?.experimentName} basePath="/proposals" />
      {rows.length === 0 ? (
        <EmptyState title="No proposals yet">
          <p>
            Proposals arrive as <code>proposal</code> events, each naming its base and candidate harness versions; see
            the <Link href="/api-docs">API documentation</Link>.
          </p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>
              {formatCount(rows.length)} {rows.length === 1 ? "proposal" : "proposals"}
            </caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Experiment</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <th scope="row" className="wrap-anywhere">
                    {p.title}
                    {p.parentProposalId && (
                      <div className="muted small">revises: {titles.get(p.parentProposalId) ?? p.parentProposalId}</div>
                    )}
                  </th>
                  <td>
                    <Link href={`/experiments/${encodeURIComponent(p.experimentId)}`}>{p.experimentName}</Link>
                  </td>
                  <td>
                    {KIND_LABELS[p.kind]}
                    {p.teacher && <div className="muted small">by {p.teacher}</div>}
                  </td>
                  <td>
                    <StatusBadge status={p.status} />
                    {canDecide && p.status === "pending" && <DecideProposalForm proposalId={p.id} title={p.title} action={decideProposalAction} />}
                  </td>
                  <td className="nowrap">
                    <RelativeTime ms={p.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
