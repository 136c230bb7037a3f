// The harness diff from one version to another (a proposal's base to its candidate, H0 to H2), headed by both
// versions' labels ("H1 → H1+refuse_unhelpful_edit", lib/domain/harness-naming.ts diffHeading): which
// files changed with their +/− line counts, the lifecycle position of each changed hook, and each file's
// diff in Monaco. A server component: given both versions as the page read them (getHarnessDiffSides), it
// compares them with the pure functions of lib/harness-diff and hands plain data to the interactive part. Used by /harness-versions/compare and
// embedded by the proposal page.
import "server-only";
import Link from "next/link";
import type { HarnessDiffSide } from "@/db/queries/harness-diff";
import { compareHarnessFiles, summarizeChanges, type ChangeSummary } from "@/lib/harness-diff/file-changes";
import { changedHooksByPosition, type LifecycleSlot } from "@/lib/harness-diff/lifecycle";
import { harnessVersionsPath } from "@/lib/http/page-links";
import { formatCount } from "@/lib/format";
import { diffHeading } from "@/lib/domain/harness-naming";
import { HarnessDiffBrowser } from "./harness-diff-browser";
import { LineCounts } from "./change-badges";
import styles from "./harness-diff.module.css";

export interface HarnessDiffProps {
  baseVersionId: string;
  candidateVersionId: string;
  /** Both versions with their files (null: not found), from getHarnessDiffSides. */
  sides: { base: HarnessDiffSide | null; candidate: HarnessDiffSide | null };
  /** A sentence under the heading saying what the two versions are to the page (a proposal's base and candidate). */
  lead?: string;
}

export function HarnessDiff({ baseVersionId, candidateVersionId, sides, lead }: HarnessDiffProps) {
  const { base, candidate } = sides;
  // The heading always names both versions by label; a role such as "the incumbent" goes stale after a decision.
  const title = base && candidate ? diffHeading(base, candidate) : "Harness diff";
  const headingId = `harness-diff-${idFragment(baseVersionId)}-${idFragment(candidateVersionId)}`;

  if (!base || !candidate) {
    return (
      <section className={`section ${styles.harnessDiff}`} aria-labelledby={headingId}>
        <h2 id={headingId}>{title}</h2>
        {!base && <p className="notice">Harness version <span className="mono">{baseVersionId}</span> (the base) was not found.</p>}
        {!candidate && <p className="notice">Harness version <span className="mono">{candidateVersionId}</span> (the candidate) was not found.</p>}
      </section>
    );
  }

  const changes = compareHarnessFiles(base.files, candidate.files);
  const summary = summarizeChanges(changes);
  return (
    <section className={`section ${styles.harnessDiff}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {lead && <p className="muted small">{lead}</p>}
      <p className={styles.versions}>
        <VersionName side={base} /> <span aria-hidden="true">→</span><span className="visually-hidden">to</span> <VersionName side={candidate} />
      </p>
      {base.experimentId !== candidate.experimentId && (
        <p className="notice small">These versions belong to different experiments: {base.experimentName ?? base.experimentId} and {candidate.experimentName ?? candidate.experimentId}.</p>
      )}
      <SummaryLine summary={summary} />
      <LifecycleStrip slots={changedHooksByPosition(changes)} />
      <HarnessDiffBrowser changes={changes} baseLabel={base.label} candidateLabel={candidate.label} />
    </section>
  );
}

function VersionName({ side }: { side: HarnessDiffSide }) {
  return (
    <span className={styles.versionName}>
      <Link href={harnessVersionsPath(side.experimentId)} title={`${side.experimentName ?? side.experimentId}: harness version ${side.id}`}>
        <strong>{side.label}</strong>
      </Link>{" "}
      <span className="muted small mono">{side.id}</span>
    </span>
  );
}

function SummaryLine({ summary }: { summary: ChangeSummary }) {
  const changed = summary.added + summary.removed + summary.modified;
  if (changed === 0) return <p className="muted">No file differs between these versions ({formatCount(summary.unchanged)} files).</p>;
  const parts = [
    summary.added > 0 && `${summary.added} added`,
    summary.removed > 0 && `${summary.removed} removed`,
    summary.modified > 0 && `${summary.modified} modified`,
  ].filter(Boolean);
  return (
    <p className={styles.summary}>
      {formatCount(changed)} {changed === 1 ? "file" : "files"} changed ({parts.join(", ")}) · <LineCounts added={summary.linesAdded} removed={summary.linesRemoved} /> lines
      {summary.unchanged > 0 && <span className="muted"> · {formatCount(summary.unchanged)} unchanged</span>}
    </p>
  );
}

/** The four hook positions in lifecycle order, marking those the change touches. */
function LifecycleStrip({ slots }: { slots: LifecycleSlot[] }) {
  if (slots.every((slot) => slot.paths.length === 0)) return null;
  return (
    <ol className={styles.lifecycle} aria-label="Hook positions this change touches">
      {slots.map((slot) => (
        <li key={slot.position} className={slot.paths.length > 0 ? styles.lifecycleTouched : undefined} title={slot.paths.join("\n") || undefined}>
          <span className="mono">{slot.position}</span>{" "}
          <span className="small">{slot.paths.length === 0 ? "unchanged" : `${slot.paths.length} changed ${slot.paths.length === 1 ? "hook" : "hooks"}`}</span>
        </li>
      ))}
    </ol>
  );
}

/** A fragment safe in an element id (ids may hold ":", "/", spaces). */
function idFragment(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, "_");
}
