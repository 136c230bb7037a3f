// The jobs page's filters as a plain GET form: the filter lives in the address, so a link reproduces the view
// and it works without JavaScript.
import Link from "next/link";
import { JOB_EXECUTORS, JOB_KINDS, JOB_STATUSES } from "@/lib/domain/vocabulary";
import type { JobListQuery } from "@/lib/jobs/api-query";
import type { JobFilterOptions } from "@/db/queries/job-filter-options";
import styles from "./jobs.module.css";

type Choices = Array<{ value: string; label: string }>;

function Choice({ name, label, value, choices }: { name: string; label: string; value: string | undefined; choices: Choices }) {
  return (
    <div className="form-field">
      <label htmlFor={`jobs-${name}`}>{label}</label>
      <select id={`jobs-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">any</option>
        {value !== undefined && !choices.some((c) => c.value === value) && <option value={value}>{value}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const words = (values: readonly string[]): Choices => values.map((v) => ({ value: v, label: v }));
const named = (values: { id: string; name: string }[]): Choices => values.map((v) => ({ value: v.id, label: v.name }));

export function JobFilterForm({ query, options }: { query: JobListQuery; options: JobFilterOptions }) {
  return (
    <form method="get" action="/jobs" className={styles.filters} aria-label="Filter jobs">
      <Choice name="status" label="Status" value={query.status} choices={words(JOB_STATUSES)} />
      <Choice name="executor" label="Executor" value={query.executor} choices={words(JOB_EXECUTORS)} />
      <Choice name="experiment" label="Experiment" value={query.experiment} choices={named(options.experiments)} />
      <Choice name="kind" label="Kind" value={query.kind} choices={words(JOB_KINDS)} />
      <Choice name="template" label="Template" value={query.template} choices={named(options.templates)} />
      <Choice name="launchedBy" label="Launched by" value={query.launchedBy} choices={named(options.launchers)} />
      <div className={styles.filterButtons}>
        <button type="submit" className="button button-small">
          Apply
        </button>
        <Link href="/jobs" className="small">
          Clear
        </Link>
      </div>
    </form>
  );
}
