// One job: what was launched (template, parameters, the exact argv), where (executor and its id), its state
// and progress refreshed while it runs, the live log, the runs it produced; cancel and "launch again" for
// reviewers and admins.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getJob } from "@/db/queries/jobs";
import { requireUser } from "@/lib/services/auth/current-user";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { experimentPath, jobsPath, launchPath } from "@/lib/http/page-links";
import { jobJson } from "@/lib/services/jobs/api-query";
import { paramsAsStrings } from "@/lib/services/jobs/form-params";
import { formatDateTime } from "@/lib/format";
import { JobLive } from "@/components/jobs/job-live";
import { JobLog } from "@/components/jobs/job-log";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "@/components/jobs/jobs.module.css";
import { cancelJobAction } from "../actions";

const PARAMETER_COLUMNS: Column<[string, unknown]>[] = [
  { id: "parameter", label: "Parameter", header: "Parameter", className: "mono", value: ([name]) => name },
  { id: "value", label: "Value", header: "Value", className: "mono wrap-anywhere", value: ([, value]) => String(value) },
];

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Job" };

export default async function JobPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  const jobId = idFromSegment((await params).id);
  const job = jobId === null ? null : getJob(getStore(), jobId);
  if (!job) notFound();
  const canLaunch = roleAtLeast(user.role, "reviewer");
  const paramEntries = Object.entries(job.params ?? {});

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/jobs">Jobs</Link> / <span className="mono">{job.id}</span>
        </nav>
        <h1 className="wrap-anywhere">{job.templateName ?? job.templateId ?? `Job ${job.id}`}</h1>
        <p className="muted small">
          {job.kind} job
          {job.experimentId && (
            <>
              {" "}
              of <Link href={experimentPath(job.experimentId)}>{job.experimentName ?? job.experimentId}</Link>
            </>
          )}
          , launched by {job.createdByName ? <Link href={jobsPath({ launchedBy: job.createdBy ?? "" })}>{job.createdByName}</Link> : "an API token"} on{" "}
          {formatDateTime(job.createdAt)}
          {job.startedAt !== null && <>, started {formatDateTime(job.startedAt)}</>}
          {job.finishedAt !== null && <>, ended {formatDateTime(job.finishedAt)}</>}.
        </p>
        {canLaunch && job.experimentId && job.templateId && (
          <p>
            <Link className="button button-secondary button-small" href={launchPath(job.experimentId, job.templateId, paramsAsStrings(job.params))}>
              Launch again with these parameters
            </Link>
          </p>
        )}
      </header>

      <JobLive initial={jobJson(job)} canCancel={canLaunch} cancelAction={cancelJobAction} />

      <section className="section" aria-labelledby="job-launch">
        <h2 id="job-launch">What was launched</h2>
        <dl className={styles.facts}>
          <dt>Template</dt>
          <dd>{job.templateId ? <span className="mono">{job.templateId}</span> : <span className="muted">—</span>}</dd>
          <dt>Executor</dt>
          <dd>
            {job.executor}
            {job.externalId && (
              <>
                {" "}
                <span className="muted small">({job.executor === "slurm" ? "Slurm job" : job.executor === "ray" ? "Ray submission" : "process"})</span> <span className="mono">{job.externalId}</span>
              </>
            )}
          </dd>
          <dt>Parameters</dt>
          <dd>
            {paramEntries.length === 0 ? (
              <span className="muted">none</span>
            ) : (
              <DataTable columns={PARAMETER_COLUMNS} rows={paramEntries} rowKey={([name]) => name} label="Parameters" />
            )}
          </dd>
          <dt>Command</dt>
          <dd>
            <ol className={styles.argv} aria-label="Command arguments" start={0}>
              {job.command.map((arg, i) => (
                <li key={i}>{arg}</li>
              ))}
            </ol>
          </dd>
        </dl>
      </section>

      <JobLog jobId={job.id} />
    </main>
  );
}
