// One proposal, reviewed like a code review: the problem and the teacher's rationale, the harness diff, the
// candidate comparison, the decision form and the decision history, the evidence rollouts with their most
// telling turns, and the lineage. Everything the teacher or a model wrote is shown as text.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { randomUUID } from "node:crypto";
import { getStore } from "@/db/client";
import { getProposalPage } from "@/db/queries/proposal-page";
import { getProposalComparison } from "@/db/queries/proposal-comparison";
import { getHarnessDiffSides } from "@/db/queries/harness-diff";
import { requireUser } from "@/lib/services/auth/current-user";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { experimentPath } from "@/lib/http/page-links";
import { inboxHref } from "@/lib/proposals/inbox-filter";
import { proposalDiffLead } from "@/lib/proposals/diff-lead";
import { StatusBadge } from "@/components/ui/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { DecisionForm } from "@/components/proposals/decision-form";
import { DecisionHistory } from "@/components/proposals/decision-history";
import { EvidenceList } from "@/components/proposals/evidence-list";
import { Lineage } from "@/components/proposals/lineage";
import { HarnessDiff } from "@/components/harness-diff/harness-diff";
import { ComparisonPanel } from "@/components/proposals/comparison-panel";
import { PatchEvidencePanel } from "@/components/proposals/patch-evidence-panel";
import { listProposalPatchEvaluations } from "@/db/queries/proposal-patch-evaluations";
import { patchEvidence } from "@/lib/patches/patch-evidence";
import { ProposalLaunch } from "@/components/jobs/proposal-launch";
import { listJobTemplates } from "@/lib/services/jobs/templates";
import { decideProposalAction } from "../actions";

export const dynamic = "force-dynamic";
// A fixed title: the proposal's own would have to be read before the access check.
export const metadata: Metadata = { title: "Proposal" };

const KIND_LABELS = { tool_hook: "tool / hook change", engineer_patch: "engineer patch" } as const;

interface Props {
  params: Promise<{ id: string }>;
}

function EngineerPatchEvidence({ proposalId }: { proposalId: string }) {
  const { evaluations, places } = listProposalPatchEvaluations(getStore(), proposalId);
  return <PatchEvidencePanel evidence={patchEvidence(proposalId, evaluations)} places={places} />;
}

export default async function ProposalPage({ params }: Props) {
  const user = await requireUser();
  const id = idFromSegment((await params).id);
  if (id === null) notFound();
  const page = getProposalPage(getStore(), id);
  if (!page) notFound();
  const { proposal: p, incumbent } = page;
  const canDecide = roleAtLeast(user.role, "reviewer");
  const candidateIsIncumbent = incumbent?.harnessVersionId === p.candidate.id;

  return (
    <main>
      <header className="page-header">
        <div className="breadcrumbs">
          <Link href="/proposals">Proposals</Link> › <Link href={inboxHref({ experiment: p.experimentId })}>{p.experimentName}</Link>
        </div>
        <div className="title-row">
          <h1 className="wrap-anywhere">{p.title}</h1>
          <StatusBadge status={p.status} />
        </div>
      </header>

      <section className="card" aria-label="About this proposal">
        <dl className="key-values">
          <dt>Experiment</dt>
          <dd>
            <Link href={experimentPath(p.experimentId)}>{p.experimentName}</Link>
          </dd>
          <dt>Epoch / round</dt>
          <dd>{p.round ? `epoch ${p.round.epoch}, round ${p.round.index}` : <span className="muted">not part of an evolution round</span>}</dd>
          <dt>Kind</dt>
          <dd>{KIND_LABELS[p.kind]}</dd>
          <dt>Teacher</dt>
          <dd>{p.teacher ?? <span className="muted">not named</span>}</dd>
          <dt>Harness</dt>
          <dd>
            <span className="mono">{p.base.label}</span> → <span className="mono">{p.candidate.label}</span>
          </dd>
          <dt>Incumbent</dt>
          <dd>
            {incumbent ? (
              <>
                {/* The one naming (lib/domain/harness-naming.ts): the promoted version by its own label, and the promotion order's number where it differs. */}
                <strong>{incumbent.versionLabel}</strong>
                {incumbent.proposalId && incumbent.label !== incumbent.versionLabel && <span className="small"> (numbered {incumbent.label} in promotion order)</span>}
                {candidateIsIncumbent ? " — this proposal's candidate" : incumbent.proposalId ? "" : " — the initial version"}
              </>
            ) : (
              <span className="muted">unknown (the experiment has no harness versions)</span>
            )}
          </dd>
          <dt>Proposed</dt>
          <dd>
            <RelativeTime ms={p.createdAt} />
          </dd>
        </dl>
      </section>

      <section className="section" aria-labelledby="problem-heading">
        <h2 id="problem-heading">Recurring problem</h2>
        {p.problem ? <p className="prose-text">{p.problem}</p> : <p className="muted">The teacher named none.</p>}
      </section>
      <section className="section" aria-labelledby="rationale-heading">
        <h2 id="rationale-heading">Rationale</h2>
        {p.rationale ? <p className="prose-text">{p.rationale}</p> : <p className="muted">The teacher gave none.</p>}
      </section>

      <section className="section" aria-labelledby="lineage-heading">
        <h2 id="lineage-heading">Lineage</h2>
        <Lineage parent={page.parent} revisedBy={page.children} />
      </section>

      <section className="section" aria-labelledby="diff-heading">
        <h2 id="diff-heading">Harness diff</h2>
        <HarnessDiff
          baseVersionId={p.base.id}
          candidateVersionId={p.candidate.id}
          sides={getHarnessDiffSides(getStore(), p.base.id, p.candidate.id)}
          lead={proposalDiffLead({ base: p.base, candidate: p.candidate, incumbent })}
        />
      </section>

      {/* Its own section, headed "Comparison": each side's rates, the paired estimates and the rule's verdict. An
          engineer patch's evidence is its re-runs on failure packets instead. */}
      {p.kind === "engineer_patch" ? <EngineerPatchEvidence proposalId={p.id} /> : <ComparisonPanel data={getProposalComparison(getStore(), p.id)} />}

      <section className="section" aria-labelledby="decide-heading">
        <h2 id="decide-heading">Decision</h2>
        {canDecide ? (
          <DecisionForm proposalId={p.id} title={p.title} kind={p.kind} nonce={randomUUID()} rule={{ verdict: page.rule.verdict, reason: page.rule.reason }} action={decideProposalAction} />
        ) : (
          <p className="muted">Reviewers and admins decide on proposals; you can read the history.</p>
        )}
        <h3>History</h3>
        <DecisionHistory decisions={page.decisions} />
      </section>

      {canDecide && (
        <ProposalLaunch
          experimentId={p.experimentId}
          proposalId={p.id}
          status={p.status}
          candidate={p.candidate}
          epoch={p.round?.epoch ?? null}
          templates={listJobTemplates(getStore(), { experimentId: p.experimentId })}
        />
      )}

      <section className="section" aria-labelledby="evidence-heading">
        <h2 id="evidence-heading">Evidence</h2>
        <EvidenceList evidence={page.evidence} />
      </section>

    </main>
  );
}
