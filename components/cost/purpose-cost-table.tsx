// Rollouts by purpose with tokens, cost, turns and time, and the training-side and overall totals. A
// quantity no rollout reported reads "not reported"; one only some reported says how many did.
import { formatCount, formatDuration, formatNumber } from "@/lib/format";
import { formatCost, formatDurationTotal, formatTokens } from "@/lib/cost/cost-format";
import { meanReported, type PurposeSummary } from "@/lib/cost/cost-summary";
import { purposeRows, type PurposeRow } from "@/lib/cost/purpose-table";
import styles from "./cost.module.css";

export function PurposeCostTable({ summary }: { summary: PurposeSummary }) {
  const rows = purposeRows(summary);
  const body = rows.filter((r) => r.key !== "training-side" && r.key !== "all");
  const totals = rows.filter((r) => r.key === "training-side" || r.key === "all");
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Rollouts by purpose, with tokens, cost, turns and rollout time</caption>
        <thead>
          <tr>
            <th scope="col">Purpose</th>
            <th scope="col" className="num">Rollouts</th>
            <th scope="col" className="num">Prompt tokens</th>
            <th scope="col" className="num">Completion tokens</th>
            <th scope="col" className="num">Cost</th>
            <th scope="col" className="num">Turns <span className={styles.sub}>total · mean</span></th>
            <th scope="col" className="num">Rollout time <span className={styles.sub}>total · mean</span></th>
          </tr>
        </thead>
        <tbody>
          {body.map((r) => <Row key={r.key} row={r} />)}
        </tbody>
        <tfoot>
          {totals.map((r) => <Row key={r.key} row={r} total />)}
        </tfoot>
      </table>
    </div>
  );
}

function Row({ row: { label, note, cell: c }, total = false }: { row: PurposeRow; total?: boolean }) {
  const meanDuration = meanReported(c.durationMs);
  return (
    <tr className={total ? styles.total : undefined}>
      <th scope="row">
        {label}
        <span className={styles.sub}>{note}</span>
      </th>
      <td className="num">{formatCount(c.rollouts)}</td>
      <td className="num">{c.rollouts === 0 ? "—" : formatTokens(c.promptTokens, c.rollouts)}</td>
      <td className="num">{c.rollouts === 0 ? "—" : formatTokens(c.completionTokens, c.rollouts)}</td>
      <td className="num">{c.rollouts === 0 ? "—" : formatCost(c.costUsd, c.rollouts)}</td>
      <td className="num">{c.rollouts === 0 ? "—" : `${formatCount(c.turns)} · ${formatNumber(c.turns / c.rollouts, 1)}`}</td>
      <td className="num">
        {c.rollouts === 0 ? "—" : formatDurationTotal(c.durationMs, c.rollouts)}
        {meanDuration !== null && ` · ${formatDuration(meanDuration)}`}
      </td>
    </tr>
  );
}
