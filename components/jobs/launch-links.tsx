// The templates offered for an experiment as links to its launch form (a compact list for the experiment's
// overview, the evaluation matrix and the proposal page). Links only: the form is on the launch page.
import Link from "next/link";
import type { JobTemplate } from "@/lib/services/jobs/templates";
import { launchPath } from "@/lib/http/page-links";
import styles from "./jobs.module.css";

export function LaunchLinks({ experimentId, templates, prefill = {} }: { experimentId: string; templates: JobTemplate[]; prefill?: Record<string, string> }) {
  if (templates.length === 0) return <p className="muted small">No job template is offered for this experiment.</p>;
  return (
    <ul className={styles.templateList}>
      {templates.map((t) => (
        <li key={t.id}>
          <Link href={launchPath(experimentId, t.id, pick(prefill, Object.keys(t.spec.placeholders)))}>{t.spec.name}</Link>{" "}
          <span className="muted small">({t.spec.kind})</span>
        </li>
      ))}
    </ul>
  );
}

function pick(values: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => values[n] !== undefined).map((n) => [n, values[n]]));
}
