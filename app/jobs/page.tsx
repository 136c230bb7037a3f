// Launched backend work (training epochs, candidate comparisons, evaluations): every job with its status,
// executor, progress, who launched it and the runs it produced; filtered through the URL.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listJobs } from "@/db/queries/jobs";
import { listJobFilterOptions } from "@/db/queries/job-filter-options";
import { requireUser } from "@/lib/services/auth/current-user";
import { parseJobFilters, toJobFilter } from "@/lib/services/jobs/api-query";
import { jobsTable } from "@/lib/services/jobs/job-view";
import { formatCount } from "@/lib/format";
import { jobTemplatesPath } from "@/lib/http/page-links";
import { EmptyState } from "@/components/ui/empty-state";
import { TableExport } from "@/components/ui/table-export";
import { JobFilterForm } from "@/components/jobs/job-filter-form";
import { JobsTable } from "@/components/jobs/jobs-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Jobs" };

const PAGE_SIZE = 200;

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function JobsPage({ searchParams }: Props) {
  await requireUser();
  const store = getStore();
  const { query, problems } = parseJobFilters(await searchParams);
  const jobs = listJobs(store, { ...toJobFilter(query), limit: PAGE_SIZE });
  const filtered = Object.keys(query).length > 0;

  return (
    <main>
      <header className="page-header">
        <h1>Jobs</h1>
        <p className="muted">
          Training epochs, candidate comparisons and evaluations launched from Harness Lab, run as local processes or
          submitted to Slurm or a Ray cluster. Launch one from an experiment&rsquo;s page; the commands come from the{" "}
          <Link href={jobTemplatesPath()}>job templates</Link>.
        </p>
      </header>
      <JobFilterForm query={query} options={listJobFilterOptions(store)} />
      {problems.length > 0 && (
        <p className="notice small" role="note">
          Not applied: {problems.join("; ")}.
        </p>
      )}
      {jobs.length === 0 ? (
        <EmptyState title={filtered ? "No job matches the filter" : "No jobs yet"}>
          {filtered ? (
            <p>
              <Link href="/jobs">Show every job</Link>
            </p>
          ) : (
            <p>No training epoch, candidate comparison or evaluation has been launched from this server.</p>
          )}
        </EmptyState>
      ) : (
        <>
          <JobsTable
            jobs={jobs}
            caption={`${formatCount(jobs.length)} ${jobs.length === 1 ? "job" : "jobs"}${filtered ? " matching the filter" : ""}, newest first${jobs.length === PAGE_SIZE ? ` (the newest ${PAGE_SIZE})` : ""}`}
          />
          <TableExport table={jobsTable(jobs)} name="jobs" />
        </>
      )}
    </main>
  );
}
