// The K engineer patches sampled for one failure packet, as the engineer's GRPO group sees them: validity and
// completeness gate the reward, Δ is the change in success rate on the batch, and the best patch (highest
// reward among valid and complete ones) is marked. Each patch links the proposal that can promote it.
import Link from "next/link";
import type { PatchEvaluationRow } from "@/db/queries/failure-packets";
import { formatPercent } from "@/lib/format";
import { formatPointChange, formatReward } from "@/lib/patches/format";
import { effectiveReward, patchDelta, rewardDisagreesWithRule } from "@/lib/patches/patch-reward";
import { proposalPath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { StatusBadge } from "@/components/ui/status-badge";
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

export function PatchesTable({ patches, bestId, shownCodeId, codeHref }: Props) {
  const targets = new Set(patches.map((p) => p.targetModel));
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>
          {patches.length} {patches.length === 1 ? "patch" : "patches"} sampled for this packet. Reward r(B, P) = Δ<sub>B</sub>(P) when
          the patch is valid and complete, else 0.
          {targets.size === 1 && [...targets][0] !== null && <> Target model: <span className="mono">{[...targets][0]}</span>.</>}
        </caption>
        <thead>
          <tr>
            <th scope="col">Patch</th>
            <th scope="col">Hooks touched</th>
            <th scope="col">Valid</th>
            <th scope="col">Complete</th>
            <th scope="col" className="num">Baseline success</th>
            <th scope="col" className="num">Patched success</th>
            <th scope="col" className="num">Δ</th>
            <th scope="col" className="num">Reward</th>
            {targets.size > 1 && <th scope="col">Target model</th>}
            <th scope="col">Proposal</th>
            <th scope="col">Code</th>
          </tr>
        </thead>
        <tbody>
          {patches.map((p) => {
            const best = p.id === bestId;
            return (
              <tr key={p.id} className={best ? styles.bestRow : undefined} data-best={best || undefined}>
                <th scope="row" className="nowrap">
                  #{p.patchIndex ?? "?"}{" "}
                  {best && (
                    <Badge tone="success" title="Highest reward among the valid and complete patches">
                      best
                    </Badge>
                  )}
                </th>
                <td>
                  <HookPositionBadges positions={p.hookPositions} />
                </td>
                <td>
                  <YesNo value={p.valid} yes="valid" no="invalid" />
                </td>
                <td>
                  <YesNo value={p.complete} yes="complete" no="incomplete" />
                </td>
                <td className="num">{formatPercent(p.baselineSuccess)}</td>
                <td className="num">{formatPercent(p.patchedSuccess)}</td>
                <td className="num">{formatPointChange(patchDelta(p))}</td>
                <td className="num">
                  {formatReward(effectiveReward(p))}
                  {p.reward === null && effectiveReward(p) !== null && <div className="muted small">by the rule</div>}
                  {rewardDisagreesWithRule(p) && (
                    <div>
                      <Badge tone="warning" title="The producer's reward is not what r(B, P) gives from the numbers in this row">
                        ≠ r(B, P)
                      </Badge>
                    </div>
                  )}
                </td>
                {targets.size > 1 && <td className="mono small">{p.targetModel ?? "—"}</td>}
                <td className="wrap-anywhere">
                  {p.proposal ? (
                    <>
                      <Link href={proposalPath(p.proposal.id)}>{p.proposal.title}</Link>{" "}
                      <StatusBadge status={p.proposal.status} />
                    </>
                  ) : (
                    <span className="muted">none</span>
                  )}
                </td>
                <td className="nowrap">
                  {!p.proposal ? (
                    <span className="muted">—</span>
                  ) : p.id === shownCodeId ? (
                    <span className="muted">shown below</span>
                  ) : (
                    <Link href={codeHref(p.id)} aria-label={`Show the code of patch ${p.patchIndex ?? p.id}`}>
                      Show code
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
