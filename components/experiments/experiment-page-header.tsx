// The header of every page inside one experiment: the breadcrumb back to it, the page's title with the
// experiment's method, the section tabs, and the page's own introduction (children) below them.
import type { ReactNode } from "react";
import Link from "next/link";
import { experimentPath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { ExperimentTabs, type ExperimentSection } from "./experiment-tabs";

interface Props {
  experiment: { id: string; name: string; method: string };
  /** The h1; defaults to the section's name. */
  title: ReactNode;
  /** The last breadcrumb, e.g. "cost". */
  crumb: string;
  section: ExperimentSection;
  children?: ReactNode;
}

export function ExperimentPageHeader({ experiment, title, crumb, section, children }: Props) {
  return (
    <header className="page-header">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link href="/experiments">Experiments</Link> / <Link href={experimentPath(experiment.id)}>{experiment.name}</Link> / {crumb}
      </nav>
      <div className="title-row">
        <h1>{title}</h1>
        <Badge tone="accent" title="Method">
          {experiment.method}
        </Badge>
      </div>
      <ExperimentTabs experimentId={experiment.id} method={experiment.method} current={section} />
      {children}
    </header>
  );
}
