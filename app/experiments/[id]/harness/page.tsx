// The harness history of one experiment (issue 6, part 3): its versions as a tree (main line open, explored
// candidates folded), the incumbent's lineage first, and the Monaco diff between any two versions — "H0
// against the latest" unless the URL picks another pair (?base=…&candidate=…). ?q= filters, ?expand=all
// unfolds. The diff is the one the proposal page and /harness-versions/compare use.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentHeading } from "@/db/queries/failure-packets";
import { getHarnessHistory } from "@/db/queries/harness-history";
import { getHarnessDiffSides } from "@/db/queries/harness-diff";
import { listHarnessTrust } from "@/db/queries/harness-trust";
import { requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { harnessHistoryPath } from "@/lib/http/page-links";
import { formatCount } from "@/lib/format";
import { historyHref, parseHistoryQuery } from "@/lib/harness-history/history-query";
import { prepareHistoryView } from "@/lib/harness-history/history-view";
import { EmptyState } from "@/components/ui/empty-state";
import { TableExport } from "@/components/ui/table-export";
import { ExperimentPageHeader } from "@/components/experiments/experiment-page-header";
import { HarnessDiff } from "@/components/harness-diff/harness-diff";
import { LineageStrip } from "@/components/harness-history/lineage-strip";
import { PairPicker } from "@/components/harness-history/pair-picker";
import { VersionFilterForm } from "@/components/harness-history/version-filter-form";
import { VersionTree } from "@/components/harness-history/version-tree";
import { VersionsTable } from "@/components/harness-history/versions-table";
import styles from "@/components/harness-history/harness-history.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Harness history" };

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function HarnessHistoryPage({ params, searchParams }: Props) {
  await requireUser();
  const experimentId = idFromSegment((await params).id);
  const store = getStore();
  const experiment = experimentId === null ? null : getExperimentHeading(store, experimentId);
  if (!experiment) notFound();
  const history = getHarnessHistory(store, experiment.id);
  const unreviewed = new Map(listHarnessTrust(store, experiment.id).filter((t) => t.unreviewed).map((t) => [t.id, t.arrivedVia]));
  const { query, problems } = parseHistoryQuery(await searchParams, new Set(history.versions.map((v) => v.id)));
  const view = prepareHistoryView(history, query);
  const action = harnessHistoryPath(experiment.id);
  const explored = history.versions.length - view.mainline.size;

  return (
    <main>
      <ExperimentPageHeader experiment={experiment} title="Harness history" crumb="harness history" section="harness" />

      {problems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {problems.join("; ")}.
        </p>
      )}

      {history.versions.length === 0 ? (
        <EmptyState title="No harness versions yet">
          <p>H0, H1, H2, … appear when a producer sends <code>harness_version</code> events with their files.</p>
        </EmptyState>
      ) : (
        <>
          <section className="section" aria-labelledby="versions-heading">
            <h2 id="versions-heading">Versions</h2>
            <p>
              {formatCount(history.versions.length)} {history.versions.length === 1 ? "version" : "versions"}: {formatCount(view.mainline.size)} on the main line
              {explored > 0 && <>, {formatCount(explored)} explored {explored === 1 ? "candidate" : "candidates"} (folded below their parent)</>}.{" "}
              {history.incumbent && (
                <>The incumbent is <strong>{view.names.nameOf(history.incumbent.harnessVersionId)}</strong>.</>
              )}
            </p>
            <LineageStrip
              steps={view.mainLine}
              incumbentLabel={history.incumbent ? (history.incumbent.label === view.labelOf.get(history.incumbent.harnessVersionId) ? `incumbent ${history.incumbent.label}` : "incumbent") : null}
            />
            <VersionFilterForm experimentId={experiment.id} action={action} query={query} />
            {query.q && (
              <p className="muted small" role="status">
                {formatCount(view.matched.size)} of {formatCount(history.versions.length)} versions match “{query.q}”
                {view.shown.size > view.matched.size && "; their ancestors are shown dimmed"}.
              </p>
            )}
            <VersionTree
              roots={view.roots}
              view={{
                ctx: { experimentId: experiment.id, query, labelOf: view.labelOf, sameAs: view.sameAs, names: view.names, promotions: history.promotions, incumbent: history.incumbent, unreviewed },
                mainline: view.mainline, shown: view.shown, matched: view.matched, unfold: Boolean(query.q || query.expand),
                unfoldHref: historyHref(experiment.id, { ...query, expand: "all" }),
              }}
            />
          </section>

          <section className="section" id="harness-diff" aria-labelledby="diff-heading">
            <h2 id="diff-heading">Diff between two versions</h2>
            {view.pair ? (
              <>
                <PairPicker experimentId={experiment.id} action={action} query={query} base={view.pair.base.id} candidate={view.pair.candidate.id} options={view.options} />
                <p className={styles.quick}>
                  {view.pair.isDefault && <span className="muted">Shown by default: the initial version against the latest on the main line.</span>}
                  {view.latestPair && !view.pair.isDefault && (
                    <Link href={historyHref(experiment.id, { q: query.q, expand: query.expand }, "harness-diff")}>
                      {view.latestPair.base.label} against the latest ({view.latestPair.candidate.label})
                    </Link>
                  )}
                  <Link href={historyHref(experiment.id, { ...query, base: view.pair.candidate.id, candidate: view.pair.base.id }, "harness-diff")}>Swap base and candidate</Link>
                </p>
                <HarnessDiff
                  key={`${view.pair.base.id}\u0000${view.pair.candidate.id}`}
                  baseVersionId={view.pair.base.id}
                  candidateVersionId={view.pair.candidate.id}
                  sides={getHarnessDiffSides(getStore(), view.pair.base.id, view.pair.candidate.id)}
                />
              </>
            ) : (
              <p className="muted">A diff needs two versions; this experiment has one.</p>
            )}
          </section>

          <section className="section" aria-labelledby="timeline-heading">
            <h2 id="timeline-heading">All versions in creation order</h2>
            <TableExport table={view.table} name="harness versions" />
            <VersionsTable table={view.table} />
          </section>
        </>
      )}
    </main>
  );
}
