// The review inbox: teacher proposals and engineer patches across experiments, filtered through the URL,
// with what is left to review and keyboard review (j / k, Enter, a, r) for reviewers and admins.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { randomUUID } from "node:crypto";
import { getStore } from "@/db/client";
import { listProposalInbox } from "@/db/queries/proposal-inbox";
import { requireUser } from "@/lib/services/auth/current-user";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { inboxHref, parseInboxFilter, withDefaultKind } from "@/lib/proposals/inbox-filter";
import { formatCount } from "@/lib/format";
import { EmptyState } from "@/components/ui/empty-state";
import { InboxFilterForm } from "@/components/proposals/inbox-filter-form";
import { ProposalInbox } from "@/components/proposals/proposal-inbox";
import styles from "@/components/proposals/proposals.module.css";
import { decideProposalAction } from "./actions";
import { getLiveState } from "@/db/queries/live-state";
import { liveApiPath } from "@/lib/live/live-query";
import { NewRowsNotice } from "@/components/live/new-rows-notice";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Proposals" };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ProposalsPage({ searchParams }: Props) {
  const user = await requireUser();
  const canDecide = roleAtLeast(user.role, "reviewer");
  const raw = await searchParams;
  // The default kind (teacher proposals) is written into the address, so the address always reproduces the view.
  const defaulted = withDefaultKind(raw);
  if (defaulted) redirect(defaulted);
  const { filter, problems } = parseInboxFilter(raw);
  const inbox = listProposalInbox(getStore(), filter);
  const filtered = Object.keys(filter).length > 0;
  // While training runs, proposals that arrive are announced; the rows under the reader's keys stay put.
  const liveScope = filter.experiment ? { experiment: filter.experiment } : ("lab" as const);
  const live = getLiveState(getStore(), liveScope === "lab" ? { kind: "lab" } : { kind: "experiment", id: liveScope.experiment });
  const hiddenPending = inbox.pendingOfOtherKinds;
  // One nonce per pending row's form: a second submit of the same form is refused by the store.
  // One nonce per proposal, not per row: a patch listed under two packets is still one decision.
  const nonces = new Map<string, string>();
  const nonceOf = (id: string) => nonces.get(id) ?? nonces.set(id, randomUUID()).get(id)!;
  const rows = inbox.rows.map((row) => ({ ...row, nonce: canDecide && row.status === "pending" ? nonceOf(row.id) : null }));
  const shownProposals = new Set(rows.map((r) => r.id)).size;

  return (
    <main>
      <header className="page-header">
        <h1>Proposals</h1>
        {live && <NewRowsNotice path={liveApiPath(liveScope)} initial={live} counting="proposals" what="the proposals" />}
        <p className="muted">
          Harness changes proposed by a teacher or an engineer model, with what the acceptance rule says about each.
          Open one for its rationale, evidence, diff and comparison.
          {canDecide && (
            <>
              {" "}
              Every decision is kept in the <Link href="/audit">audit log</Link>.
            </>
          )}
        </p>
      </header>
      <InboxFilterForm filter={filter} options={inbox.options} />
      {problems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {problems.join("; ")}.
        </p>
      )}
      <div className={styles.counts}>
        <span className={styles.leftToReview}>
          {formatCount(inbox.leftToReview)} left to review
        </span>
        <span className="muted small">
          {formatCount(inbox.matching)} {inbox.matching === 1 ? "proposal matches" : "proposals match"}
          {filtered ? " the filter" : ""}
          {inbox.matching > shownProposals ? `; the newest ${formatCount(shownProposals)} are shown` : ""}
        </span>
        {filter.kind !== undefined && hiddenPending > 0 && (
          <span className="small">
            {formatCount(hiddenPending)} {filter.kind === "tool_hook" ? (hiddenPending === 1 ? "engineer patch" : "engineer patches") : (hiddenPending === 1 ? "teacher proposal" : "teacher proposals")}{" "}
            also {hiddenPending === 1 ? "waits" : "wait"} for review:{" "}
            <Link href={inboxHref({ ...filter, kind: filter.kind === "tool_hook" ? "engineer_patch" : "tool_hook" })}>show {filter.kind === "tool_hook" ? "engineer patches" : "teacher proposals"}</Link>
            {" · "}
            <Link href={inboxHref({ ...filter, kind: undefined })}>show every kind</Link>
          </span>
        )}
      </div>
      <ProposalInbox
        rows={rows}
        canDecide={canDecide}
        action={decideProposalAction}
        empty={
          <EmptyState title={filtered ? "No proposal matches the filter" : "No proposals yet"}>
            {filtered ? (
              <p>
                <Link href={inboxHref({})}>Show every proposal</Link>
              </p>
            ) : (
              <p>
                Proposals arrive as <code>proposal</code> events, each naming its base and candidate harness versions; see
                the <Link href="/api-docs">API documentation</Link>.
              </p>
            )}
          </EmptyState>
        }
      />
    </main>
  );
}
