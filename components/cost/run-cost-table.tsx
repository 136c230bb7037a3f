// Each run's rollouts by purpose and what they cost, linking to the run.
import Link from "next/link";
import { ROLLOUT_PURPOSES } from "@/lib/domain/vocabulary";
import { formatCount } from "@/lib/format";
import { runPath } from "@/lib/http/page-links";
import { formatCost, formatDurationTotal, formatTokens } from "@/lib/cost/cost-format";
import type { RunCost } from "@/lib/cost/cost-summary";
import { PURPOSE_LABELS } from "@/lib/cost/purpose-table";
import { StatusBadge } from "@/components/ui/status-badge";

export function RunCostTable({ runs }: { runs: RunCost[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Rollouts and cost per run</caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Kind</th>
            {ROLLOUT_PURPOSES.map((p) => (
              <th key={p} scope="col" className="num">{PURPOSE_LABELS[p]}</th>
            ))}
            <th scope="col" className="num">All</th>
            <th scope="col" className="num">Prompt tokens</th>
            <th scope="col" className="num">Completion tokens</th>
            <th scope="col" className="num">Cost</th>
            <th scope="col" className="num">Turns</th>
            <th scope="col" className="num">Rollout time</th>
          </tr>
        </thead>
        <tbody>
          {runs.map(({ run, byPurpose, total: t }) => (
            <tr key={run.id}>
              <th scope="row">
                <Link href={runPath(run.id)}>{run.name ?? run.id}</Link>
              </th>
              <td className="nowrap">
                {run.kind} <StatusBadge status={run.status} title={run.staleText} />{run.staleText && <span className="muted small"> {run.staleText}</span>}
              </td>
              {ROLLOUT_PURPOSES.map((p) => (
                <td key={p} className="num">{byPurpose[p] ? formatCount(byPurpose[p]) : <span className="muted">0</span>}</td>
              ))}
              <td className="num">{formatCount(t.rollouts)}</td>
              <td className="num">{t.rollouts === 0 ? "—" : formatTokens(t.promptTokens, t.rollouts)}</td>
              <td className="num">{t.rollouts === 0 ? "—" : formatTokens(t.completionTokens, t.rollouts)}</td>
              <td className="num">{t.rollouts === 0 ? "—" : formatCost(t.costUsd, t.rollouts)}</td>
              <td className="num">{formatCount(t.turns)}</td>
              <td className="num">{t.rollouts === 0 ? "—" : formatDurationTotal(t.durationMs, t.rollouts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
