// The trajectory browser, rendered on the server from what the page read for the URL
// (db/queries/trajectory-browser-view.ts): filter bar, outcome chips, the first page of rollouts (the client
// table fetches the rest), or an empty state that says which filter emptied it.
import { Suspense } from "react";
import Link from "next/link";
import type { TrajectoryBrowserData } from "@/db/queries/trajectory-browser-view";
import { browserHref, describeFilters, withoutParam, type BrowserState, type FilterParam } from "@/lib/trajectories/browser-query";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "./filter-bar";
import { OutcomeChips, OutcomeChipsPending } from "./outcome-chips";
import { RolloutTable } from "./rollout-table";

function EmptyResult({ state, culprit, basePath }: { state: BrowserState; culprit: TrajectoryBrowserData["culprit"]; basePath: string }) {
  const active = describeFilters(state.filter);
  if (active.length === 0) {
    return (
      <EmptyState title="No rollouts yet">
        <p>
          Rollouts arrive as <code>rollout</code> events from trainers, evaluators and importers; see the{" "}
          <Link href="/api-docs">API documentation</Link>, or <Link href="/trajectories/import">import trajectory files</Link>.
        </p>
      </EmptyState>
    );
  }
  const without = (param: FilterParam) => browserHref({ ...state, filter: withoutParam(state.filter, param) }, basePath);
  return (
    <EmptyState title="No rollouts match these filters">
      {culprit && (
        <p>
          {culprit.before.length === 0 ? (
            <>No rollout has <strong>{culprit.label}</strong>.</>
          ) : (
            <>
              Rollouts with {culprit.before.join(", ")} exist, but none of them has <strong>{culprit.label}</strong>.
            </>
          )}{" "}
          <Link href={without(culprit.param)}>Remove “{culprit.label}”</Link>
        </p>
      )}
      <p>
        <Link href={basePath}>Clear all filters</Link>
      </p>
    </EmptyState>
  );
}

export function TrajectoryBrowser({ data, basePath = "/trajectories" }: { data: TrajectoryBrowserData; basePath?: string }) {
  const { state, problems, page: rows, options } = data;
  // The table's react-query cache is keyed by this: a new filter or sort is a new list.
  const key = browserHref(state, basePath);

  return (
    <>
      {problems.map((p) => (
        <p key={p.field} className="error" role="alert">
          The link’s parameter “{p.field}” {p.message}; it was left out.
        </p>
      ))}
      <FilterBar key={`filters ${key}`} state={state} options={options} basePath={basePath} />
      <Suspense key={`counts ${key}`} fallback={<OutcomeChipsPending />}>
        <OutcomeChips state={state} basePath={basePath} countOutcomes={data.countOutcomes} />
      </Suspense>
      {rows.rows.length === 0 ? (
        <EmptyResult state={state} culprit={data.culprit} basePath={basePath} />
      ) : (
        <RolloutTable key={key} state={state} basePath={basePath} initialPage={{ rollouts: rows.rows, nextCursor: rows.nextCursor }} />
      )}
    </>
  );
}
