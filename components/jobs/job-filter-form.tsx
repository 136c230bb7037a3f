// The jobs page's filters as a plain GET form: the filter lives in the address, so a link reproduces the view
// and it works without JavaScript.
import { JOB_EXECUTORS, JOB_KINDS, JOB_STATUSES } from "@/lib/domain/vocabulary";
import type { JobListQuery } from "@/lib/services/jobs/api-query";
import type { JobFilterOptions } from "@/db/queries/job-filter-options";
import { FilterButtons, FilterChoice, type FilterChoices } from "@/components/ui/filter-form-parts";
import styles from "./jobs.module.css";

const words = (values: readonly string[]): FilterChoices => values.map((v) => ({ value: v, label: v }));
const named = (values: { id: string; name: string }[]): FilterChoices => values.map((v) => ({ value: v.id, label: v.name }));

export function JobFilterForm({ query, options }: { query: JobListQuery; options: JobFilterOptions }) {
  return (
    <form method="get" action="/jobs" className={styles.filters} aria-label="Filter jobs">
      <FilterChoice idPrefix="jobs" name="status" label="Status" value={query.status} choices={words(JOB_STATUSES)} />
      <FilterChoice idPrefix="jobs" name="executor" label="Executor" value={query.executor} choices={words(JOB_EXECUTORS)} />
      <FilterChoice idPrefix="jobs" name="experiment" label="Experiment" value={query.experiment} choices={named(options.experiments)} />
      <FilterChoice idPrefix="jobs" name="kind" label="Kind" value={query.kind} choices={words(JOB_KINDS)} />
      <FilterChoice idPrefix="jobs" name="template" label="Template" value={query.template} choices={named(options.templates)} />
      <FilterChoice idPrefix="jobs" name="launchedBy" label="Launched by" value={query.launchedBy} choices={named(options.launchers)} />
      <FilterButtons resetHref="/jobs" />
    </form>
  );
}
