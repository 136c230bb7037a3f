// The versions as a tree: each version's main-line children open below it, the candidates explored from it
// and left (pending or rejected proposals, engineer patches never promoted) folded into one disclosure per
// parent — an experiment with a version per patch stays one screen long. A filter or ?expand=all unfolds
// them. With a filter, only matches and their ancestors are drawn (ancestors dimmed). Versions holding the same
// files are one entry that names them all ("H0 = H1 (same files)").
import Link from "next/link";
import type { VersionNode } from "@/lib/harness-history/version-tree";
import { countDescendants } from "@/lib/harness-history/version-tree";
import { PROPOSAL_STATUSES } from "@/lib/domain/vocabulary";
import { VersionEntry, type EntryContext } from "./version-entry";
import styles from "./harness-history.module.css";

/**
 * A folded group larger than this is not sent at all (a Harness-R1 experiment may hold thousands of patch
 * versions below H0): its line links to the unfolded view and the filter finds single versions.
 */
export const FOLDED_RENDER_LIMIT = 40;

export interface TreeView {
  ctx: EntryContext;
  mainline: ReadonlySet<string>;
  /** Versions drawn; everything when no filter is set. */
  shown: ReadonlySet<string>;
  /** Versions matching the filter (the rest of `shown` is context). */
  matched: ReadonlySet<string>;
  unfold: boolean;
  /** The address of this view with every explored branch unfolded. */
  unfoldHref: string;
}

export function VersionTree({ roots, view }: { roots: VersionNode[]; view: TreeView }) {
  return (
    <ol className={styles.tree} aria-label="Harness versions">
      <Nodes nodes={roots} view={view} />
    </ol>
  );
}

/** Whether any version of the node is in `ids`. */
const anyIn = (node: VersionNode, ids: ReadonlySet<string>) => node.same.some((v) => ids.has(v.id));

function Nodes({ nodes, view }: { nodes: VersionNode[]; view: TreeView }) {
  return nodes.filter((n) => anyIn(n, view.shown)).map((n) => <Node key={n.version.id} node={n} view={view} />);
}

function Node({ node, view }: { node: VersionNode; view: TreeView }) {
  const visible = node.children.filter((c) => anyIn(c, view.shown));
  const main = visible.filter((c) => anyIn(c, view.mainline));
  const explored = visible.filter((c) => !anyIn(c, view.mainline));
  return (
    <VersionEntry versions={node.same} ctx={view.ctx} context={!anyIn(node, view.matched)}>
      {main.length > 0 && (
        <ol>
          <Nodes nodes={main} view={view} />
        </ol>
      )}
      {explored.length > FOLDED_RENDER_LIMIT && !view.unfold && (
        <p className={`${styles.explored} muted small`}>
          {exploredSummary(node, explored)} — <Link href={view.unfoldHref}>unfold</Link> or use the filter to find one.
        </p>
      )}
      {explored.length > 0 && (view.unfold || explored.length <= FOLDED_RENDER_LIMIT) && (
        <details className={styles.explored} open={view.unfold}>
          <summary>{exploredSummary(node, explored)}</summary>
          <ol>
            <Nodes nodes={explored} view={view} />
          </ol>
        </details>
      )}
    </VersionEntry>
  );
}

/** "3 explored candidates from H0 (2 rejected, 1 pending)", counting their own descendants too. */
function exploredSummary(parent: VersionNode, explored: VersionNode[]): string {
  const n = explored.length;
  const below = explored.reduce((sum, c) => sum + countDescendants(c), 0);
  const byStatus = PROPOSAL_STATUSES.map((s) => [s, explored.filter((c) => c.version.proposal?.status === s).length] as const)
    .filter(([, k]) => k > 0)
    .map(([s, k]) => `${k} ${s}`);
  const noProposal = explored.filter((c) => !c.version.proposal).length;
  if (noProposal > 0) byStatus.push(`${noProposal} without a proposal`);
  return `${n} explored ${n === 1 ? "candidate" : "candidates"} from ${parent.same.map((v) => v.label).join(" = ")}${below > 0 ? ` and ${below} below them` : ""} (${byStatus.join(", ")})`;
}
