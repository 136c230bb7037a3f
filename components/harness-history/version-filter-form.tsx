// Filtering the versions by a few words (label, description, proposal title or status, file path, hook
// position). A plain GET form: the words land in the URL as ?q=, with the chosen diff kept.
import Link from "next/link";
import { historyHref, type HistoryQuery } from "@/lib/harness-history/history-query";
import { MAX_FILTER_LENGTH } from "@/lib/harness-history/version-filter";
import styles from "./harness-history.module.css";

export function VersionFilterForm({ experimentId, action, query }: { experimentId: string; action: string; query: HistoryQuery }) {
  return (
    <form method="get" action={action} className={styles.picker} aria-label="Filter harness versions">
      <div className={styles.field}>
        <label htmlFor="version-filter">Filter versions</label>
        <input id="version-filter" type="search" name="q" defaultValue={query.q ?? ""} key={query.q ?? ""} maxLength={MAX_FILTER_LENGTH} placeholder="e.g. pre_action rejected" />
      </div>
      {query.base && <input type="hidden" name="base" value={query.base} />}
      {query.candidate && <input type="hidden" name="candidate" value={query.candidate} />}
      {query.expand && <input type="hidden" name="expand" value={query.expand} />}
      <button type="submit" className="button button-secondary button-small">Filter</button>
      {query.q && <Link href={historyHref(experimentId, { ...query, q: undefined })}>Clear the filter</Link>}
      <Link href={historyHref(experimentId, { ...query, expand: query.expand ? undefined : "all" })}>
        {query.expand ? "Fold explored candidates" : "Unfold all explored candidates"}
      </Link>
    </form>
  );
}
