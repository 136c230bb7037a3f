// The sections of one experiment, shown under its title on every experiment page so a researcher moves
// between overview, results and review without going back. The current section is marked aria-current.
import Link from "next/link";
import {
  experimentComparePath, experimentCostPath, experimentPath, harnessHistoryPath, harnessR1Path,
} from "@/lib/http/page-links";
import { patchesPath } from "@/lib/patches/links";
import { skillsPath } from "@/lib/skills/links";
import styles from "./experiment-tabs.module.css";

export type ExperimentSection =
  | "overview" | "trajectories" | "compare" | "harness" | "cost" | "harness-r1" | "proposals" | "skills" | "patches"
  // Pages inside an experiment without a tab of their own (the job launcher): no tab is marked current.
  | "launch";

interface Props {
  experimentId: string;
  /** Harness-R1 sections are offered only for that method. */
  method: string;
  current: ExperimentSection;
}

export function ExperimentTabs({ experimentId, method, current }: Props) {
  const q = `?experiment=${encodeURIComponent(experimentId)}`;
  const tabs: Array<{ id: ExperimentSection; label: string; href: string }> = [
    { id: "overview", label: "Overview", href: experimentPath(experimentId) },
    { id: "trajectories", label: "Trajectories", href: `${experimentPath(experimentId)}/trajectories` },
    { id: "compare", label: "Evaluation matrix", href: experimentComparePath(experimentId) },
    { id: "harness", label: "Harness history", href: harnessHistoryPath(experimentId) },
    { id: "cost", label: "Cost", href: experimentCostPath(experimentId) },
    { id: "proposals", label: "Proposals", href: `/proposals${q}` },
    { id: "skills", label: "Skills", href: skillsPath(experimentId) },
    ...(method === "harness-r1"
      ? [
        { id: "patches" as const, label: "Patches", href: patchesPath(experimentId) },
        { id: "harness-r1" as const, label: "Harness-R1 views", href: harnessR1Path(experimentId) },
      ]
      : []),
  ];
  return (
    <nav className={styles.tabs} aria-label="Experiment sections">
      {tabs.map((t) => (
        <Link key={t.id} href={t.href} className={styles.tab} aria-current={t.id === current ? "page" : undefined}>
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
