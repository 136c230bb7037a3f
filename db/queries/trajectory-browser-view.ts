// What the trajectory browser page renders, read from the store for the URL's state: the first page of rows,
// the filter bar's options, which filter emptied an empty list, and the outcome count — handed over as a
// function, so the chips still run it after the rows have been sent (they stream in behind Suspense).
// Queries live here so the components get plain data (components never import db values).
import "server-only";
import type { Store } from "../client";
import {
  BROWSER_PAGE_SIZE, describeFilters, stateFromPageParams, type BrowserState, type PageParams, type ParamProblem,
} from "../../lib/trajectories/browser-query";
import { countBrowserOutcomes, findEmptyingFilter, listBrowserPage, type BrowserResult, type BrowserRow, type CountResult } from "./rollout-browser";
import { catchUpFullTextIndex } from "../writer/store-writer";
import { listBrowserOptions, type BrowserOptions } from "./rollout-browser-options";

export interface TrajectoryBrowserData {
  state: BrowserState;
  problems: ParamProblem[];
  page: { rows: BrowserRow[]; nextCursor: string | null };
  options: BrowserOptions;
  /** For an empty list under active filters: the filter that emptied it, if one alone did. */
  culprit: ReturnType<typeof findEmptyingFilter>;
  countOutcomes: () => BrowserResult<CountResult>;
}

export async function loadTrajectoryBrowser(store: Store, searchParams: PageParams): Promise<TrajectoryBrowserData> {
  const { state, problems } = stateFromPageParams(searchParams);
  // A search covers every stored turn: the writer thread first indexes any turns still pending.
  if (state.filter.q) await catchUpFullTextIndex(store);
  const listed = listBrowserPage(store, state, { limit: BROWSER_PAGE_SIZE, cursor: null });
  if (!listed.ok) problems.push(listed.problem);
  const page = listed.ok ? { rows: listed.value.rows, nextCursor: listed.value.nextCursor } : { rows: [], nextCursor: null };
  const emptyUnderFilters = page.rows.length === 0 && describeFilters(state.filter).length > 0;
  return {
    state, problems, page,
    options: listBrowserOptions(store, state.filter.experiment),
    culprit: emptyUnderFilters ? findEmptyingFilter(store, state) : null,
    countOutcomes: () => countBrowserOutcomes(store, state.filter),
  };
}
