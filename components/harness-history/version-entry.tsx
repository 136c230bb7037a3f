// One harness version in the history — or several holding the same files, shown as one entry that names them
// all: label, origin (with the proposal, its epoch and round), parent, description, files by kind and hooks by
// lifecycle position, incumbent and promotions, the rollouts run under it, and links that put it into the diff
// below. Producer text (labels, titles, descriptions) is rendered as text.
import Link from "next/link";
import type { ReactNode } from "react";
import { HOOK_POSITIONS, ROLLOUT_PURPOSES } from "@/lib/domain/vocabulary";
import { formatCount } from "@/lib/format";
import { proposalPath } from "@/lib/http/page-links";
import { hooksByPosition, kindSummary } from "@/lib/harness-history/file-summary";
import { historyHref, versionAnchor, type HistoryQuery } from "@/lib/harness-history/history-query";
import { promotionText } from "@/lib/harness-history/promotion-text";
import type { HarnessNames } from "@/lib/domain/harness-naming";
import { rolloutTotal } from "@/lib/harness-history/history-table";
import type { HistoryPromotion, HistoryVersion } from "@/lib/harness-history/types";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { describeArrival, type HarnessArrival } from "@/lib/harness-trust/arrival";
import styles from "./harness-history.module.css";

export interface EntryContext {
  experimentId: string;
  query: HistoryQuery;
  labelOf: ReadonlyMap<string, string>;
  sameAs: ReadonlyMap<string, string>;
  /** The one naming (lib/domain/harness-naming.ts): where label, promotion order and files disagree. */
  names: HarnessNames;
  promotions: readonly HistoryPromotion[];
  incumbent: { harnessVersionId: string; label: string } | null;
  /** Versions from outside no person has reviewed (lib/harness-trust), with how each arrived. */
  unreviewed?: ReadonlyMap<string, HarnessArrival>;
}

const ORIGIN_TEXT = { initial: "initial (base)", proposal: "proposal", manual: "manual", import: "import" } as const;

/**
 * One entry of the tree: a version, or the versions holding the same files shown as one ("H0 = H1 (same
 * files)"), their files listed once and each version's own origin, parent, proposal, promotions, rollouts and
 * links kept (each with its own anchor, so links to any of them land on the entry).
 */
export function VersionEntry({ versions, ctx, context, children }: { versions: readonly HistoryVersion[]; ctx: EntryContext; context: boolean; children?: ReactNode }) {
  const [first] = versions;
  const incumbent = versions.some((v) => ctx.incumbent?.harnessVersionId === v.id);
  const classes = [styles.entry, incumbent ? styles.incumbent : "", context ? styles.context : ""].filter(Boolean).join(" ");
  if (versions.length === 1) {
    return (
      <li id={versionAnchor(first.id)} className={classes} aria-label={`Harness version ${first.label}`}>
        <div className={styles.card}>
          <VersionHead version={first} ctx={ctx} context={context} />
          <VersionBody version={first} ctx={ctx} files />
        </div>
        {children}
      </li>
    );
  }
  const labels = versions.map((v) => v.label).join(" = ");
  return (
    <li className={classes} aria-label={`Harness version ${labels}`}>
      <div className={styles.card}>
        <div className={styles.head}>
          <span className={styles.label}>{labels}</span>
          <span className="muted small" title="These versions hold the same files: path for path, byte for byte, each hook at the same lifecycle position">(same files)</span>
          {context && <span className="muted small">(shown for its place in the tree)</span>}
        </div>
        <FilesLine version={first} />
        {versions.map((v) => (
          <div key={v.id} id={versionAnchor(v.id)} className={styles.member} role="group" aria-label={`Harness version ${v.label}`}>
            <VersionHead version={v} ctx={ctx} context={false} />
            <VersionBody version={v} ctx={ctx} files={false} />
          </div>
        ))}
      </div>
      {children}
    </li>
  );
}

function VersionHead({ version: v, ctx, context }: { version: HistoryVersion; ctx: EntryContext; context: boolean }) {
  const incumbent = ctx.incumbent?.harnessVersionId === v.id;
  const notes = ctx.names.byId.get(v.id)?.notes ?? [];
  const arrival = ctx.unreviewed?.get(v.id);
  return (
    <div className={styles.head}>
      <span className={styles.label}>{v.label}</span>
      <span className="badge badge-outline" title="Origin">{ORIGIN_TEXT[v.origin]}</span>
      {incumbent && <span className="badge badge-success">{ctx.incumbent?.label === v.label || v.origin === "initial" ? `incumbent ${v.label}` : "incumbent"}</span>}
      {arrival !== undefined && (
        <span className="badge badge-danger" title={`Arrived ${describeArrival(arrival)}; a reviewer confirms its code at its first launch`}>
          unreviewed
        </span>
      )}
      {notes.length > 0 && <span className="muted small" aria-label="Naming notes">{notes.join("; ")}</span>}
      {context && <span className="muted small">(shown for its place in the tree)</span>}
      <span className="muted small mono">{v.id}</span>
    </div>
  );
}

function VersionBody({ version: v, ctx, files }: { version: HistoryVersion; ctx: EntryContext; files: boolean }) {
  const promotions = ctx.promotions.filter((p) => p.harnessVersionId === v.id);
  const pick = (q: HistoryQuery) => historyHref(ctx.experimentId, { ...ctx.query, ...q }, "harness-diff");
  return (
    <>
      <p className={styles.line}>
        <span className="muted">parent </span>
        {v.parentId === null ? <span className="muted">none</span> : <a href={`#${versionAnchor(v.parentId)}`}>{ctx.labelOf.get(v.parentId) ?? v.parentId}</a>}
        {v.proposal && (
          <>
            <span className="muted"> · from proposal </span>
            <Link href={proposalPath(v.proposal.id)}>{v.proposal.title}</Link>
            {v.proposal.epoch !== null && v.proposal.round !== null && <span className="muted"> (epoch {v.proposal.epoch}, round {v.proposal.round})</span>}{" "}
            <StatusBadge status={v.proposal.status} />
          </>
        )}
        <span className="muted"> · created </span>
        <RelativeTime ms={v.createdAt} />
      </p>
      {v.description && v.description !== v.proposal?.title && <p className={`${styles.line} prose-text`}>{v.description}</p>}
      {files && <FilesLine version={v} />}
      {promotions.length > 0 && (
        <ul className={styles.promotions} aria-label={`Promotions of ${v.label}`}>
          {promotions.map((p) => (
            <li key={p.id}>
              {promotionText(p, ctx.names)} <RelativeTime ms={p.createdAt} />
            </li>
          ))}
        </ul>
      )}
      <RolloutsLine version={v} experimentId={ctx.experimentId} />
      <p className={styles.actions}>
        {v.parentId !== null && ctx.labelOf.has(v.parentId) && (
          // A version recorded with its parent's files has no diff to show: it says so instead of offering an empty one.
          sameFilesAsParent(v, ctx)
            ? <span className="muted">same files as {ctx.labelOf.get(v.parentId)}: no diff</span>
            : <Link href={pick({ base: v.parentId, candidate: v.id })}>Diff against parent</Link>
        )}
        <Link href={pick({ base: v.id })} aria-label={`Use ${v.label} as the diff's base`}>Use as base</Link>
        <Link href={pick({ candidate: v.id })} aria-label={`Use ${v.label} as the diff's candidate`}>Use as candidate</Link>
      </p>
    </>
  );
}

function sameFilesAsParent(v: HistoryVersion, ctx: EntryContext): boolean {
  const own = ctx.names.byId.get(v.id)?.filesKey;
  return v.parentId !== null && own !== undefined && own === ctx.names.byId.get(v.parentId)?.filesKey;
}

function FilesLine({ version: v }: { version: HistoryVersion }) {
  const hooks = hooksByPosition(v.files);
  const positions = HOOK_POSITIONS.filter((p) => hooks[p] > 0);
  return (
    <p className={styles.line}>
      {formatCount(v.files.length)} {v.files.length === 1 ? "file" : "files"}
      {v.files.length > 0 && <span className="muted"> ({kindSummary(v.files)})</span>}
      {positions.length > 0 && (
        <>
          <span className="muted"> · hooks </span>
          <span className={styles.badges} aria-label="Hooks by lifecycle position">
            {positions.map((p) => (
              <span key={p} className="badge badge-outline" title={`${hooks[p]} hook ${hooks[p] === 1 ? "file" : "files"} at ${p}`}>
                {p}{hooks[p] > 1 ? ` ×${hooks[p]}` : ""}
              </span>
            ))}
          </span>
        </>
      )}
    </p>
  );
}

function RolloutsLine({ version: v, experimentId }: { version: HistoryVersion; experimentId: string }) {
  const total = rolloutTotal(v.rollouts);
  if (total === 0) return <p className={`${styles.line} muted`}>no rollouts under this version</p>;
  const parts = ROLLOUT_PURPOSES.filter((p) => (v.rollouts[p] ?? 0) > 0).map((p) => `${p} ${formatCount(v.rollouts[p])}`);
  const href = `/trajectories?experiment=${encodeURIComponent(experimentId)}&harness_version=${encodeURIComponent(v.id)}`;
  return (
    <p className={styles.line}>
      <Link href={href}>
        {formatCount(total)} {total === 1 ? "rollout" : "rollouts"}
      </Link>{" "}
      <span className="muted">({parts.join(", ")})</span>
    </p>
  );
}
