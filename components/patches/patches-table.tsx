// The K engineer patches sampled for one failure packet, as the engineer's GRPO group sees them: validity and
// completeness gate the reward, Δ is the change in success rate on the batch, and the best patch (highest
// reward among valid and complete ones) is marked. Each patch links the proposal that can promote it. Drawn by
// the one DataTable: patch, validity, Δ, reward and its code link always show; the rest gives way on a phone.
import Link from "next/link";
import type { PatchEvaluationRow } from "@/db/queries/failure-packets";
import { formatPercent } from "@/lib/format";
import { formatPointChange, formatReward } from "@/lib/patches/format";
import { effectiveReward, patchDelta, rewardDisagreesWithRule } from "@/lib/patches/patch-reward";
import { proposalPath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataTable, type Column } from "@/components/tables/data-table";
import { HookPositionBadges } from "./hook-position-badges";
import styles from "./patches.module.css";

interface Props {
  patches: PatchEvaluationRow[];
  bestId: string | null;
  /** The patch whose code the packet shows below the table. */
  shownCodeId: string | null;
  /** Where "Show code" points for a patch (the page's own address with ?patch=…). */
  codeHref: (patchId: string) => string;
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <Badge tone={value ? "success" : "danger"}>{value ? yes : no}</Badge>;
}

function columnsOf({ bestId, shownCodeId, codeHref }: Props, manyTargets: boolean): Column<PatchEvaluationRow>[] {
  const columns: (Column<PatchEvaluationRow> | false)[] = [
    {
      id: "patch",
      label: "Patch",
      header: "Patch",
      className: "nowrap",
      value: (p) => `#${p.patchIndex ?? "?"}`,
      cell: (p) => (
        <>
          #{p.patchIndex ?? "?"}{" "}
          {p.id === bestId && (
            <Badge tone="success" title="Highest reward among the valid and complete patches">
              best
            </Badge>
          )}
        </>
      ),
    },
    { id: "hooks", label: "Hooks touched", header: "Hooks touched", priority: 3, cell: (p) => <HookPositionBadges positions={p.hookPositions} /> },
    { id: "valid", label: "Valid", header: "Valid", cell: (p) => <YesNo value={p.valid} yes="valid" no="invalid" /> },
    { id: "complete", label: "Complete", header: "Complete", priority: 2, cell: (p) => <YesNo value={p.complete} yes="complete" no="incomplete" /> },
    { id: "baseline", label: "Baseline success", header: "Baseline success", numeric: true, priority: 2, value: (p) => formatPercent(p.baselineSuccess) },
    { id: "patched", label: "Patched success", header: "Patched success", numeric: true, priority: 2, value: (p) => formatPercent(p.patchedSuccess) },
    { id: "delta", label: "Δ", header: "Δ", numeric: true, value: (p) => formatPointChange(patchDelta(p)) },
    {
      id: "reward",
      label: "Reward",
      header: "Reward",
      numeric: true,
      cell: (p) => (
        <>
          {formatReward(effectiveReward(p))}
          {p.reward === null && effectiveReward(p) !== null && <div className="muted small">by the rule</div>}
          {rewardDisagreesWithRule(p) && (
            <div>
              <Badge tone="warning" title="The producer's reward is not what r(B, P) gives from the numbers in this row">
                ≠ r(B, P)
              </Badge>
            </div>
          )}
        </>
      ),
    },
    manyTargets && { id: "target", label: "Target model", header: "Target model", priority: 3, className: "mono small", value: (p) => p.targetModel ?? "—" },
    {
      id: "proposal",
      label: "Proposal",
      header: "Proposal",
      priority: 3,
      className: "wrap-anywhere",
      cell: (p) =>
        p.proposal ? (
          <>
            <Link href={proposalPath(p.proposal.id)}>{p.proposal.title}</Link> <StatusBadge status={p.proposal.status} />
          </>
        ) : (
          <span className="muted">none</span>
        ),
    },
    {
      id: "code",
      label: "Code",
      header: "Code",
      className: "nowrap",
      cell: (p) =>
        !p.proposal ? (
          <span className="muted">—</span>
        ) : p.id === shownCodeId ? (
          <span className="muted">shown below</span>
        ) : (
          <Link href={codeHref(p.id)} aria-label={`Show the code of patch ${p.patchIndex ?? p.id}`}>
            Show code
          </Link>
        ),
    },
  ];
  return columns.filter((c): c is Column<PatchEvaluationRow> => c !== false);
}

export function PatchesTable(props: Props) {
  const { patches, bestId } = props;
  const targets = new Set(patches.map((p) => p.targetModel));
  return (
    <DataTable
      columns={columnsOf(props, targets.size > 1)}
      rows={patches}
      rowKey={(p) => p.id}
      rowProps={(p) => (p.id === bestId ? { className: styles.bestRow, "data-best": true } : {})}
      caption={
        <>
          {patches.length} {patches.length === 1 ? "patch" : "patches"} sampled for this packet. Reward r(B, P) = Δ<sub>B</sub>(P) when the patch
          is valid and complete, else 0.
          {targets.size === 1 && [...targets][0] !== null && <> Target model: <span className="mono">{[...targets][0]}</span>.</>}
        </>
      }
    />
  );
}
