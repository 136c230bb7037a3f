// A compact "Launch" section for pages inside an experiment (overview, evaluation matrix, proposal): the
// templates offered, as links to the launch form, optionally only those of some kinds and with parameters
// prefilled. Rendered only for reviewers and admins by the pages.
import Link from "next/link";
import type { JobTemplate } from "@/lib/services/jobs/templates";
import { jobsPath } from "@/lib/http/page-links";
import { LaunchLinks } from "./launch-links";
import { SandboxWarning } from "./sandbox-warning";

interface Props {
  experimentId: string;
  templates: JobTemplate[];
  title: string;
  intro?: string;
  prefill?: Record<string, string>;
  /** Names the section (a landmark region) after its heading; leave out where the heading's words would collide with a form label on the page. */
  headingId?: string;
}

export function LaunchSection({ experimentId, templates, title, intro, prefill, headingId }: Props) {
  return (
    <section className="section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {intro && <p className="muted small">{intro}</p>}
      <SandboxWarning />
      <LaunchLinks experimentId={experimentId} templates={templates} prefill={prefill} />
      <p className="small">
        <Link href={jobsPath({ experiment: experimentId })}>Jobs of this experiment</Link>
      </p>
    </section>
  );
}
