// Several experiments' costs side by side, each against the first (the baseline): Δ as a count and relative
// to the baseline. Totals only some rollouts reported show how many did and get no Δ.
import { formatCount, formatDuration } from "@/lib/format";
import { formatRelative, formatSigned, formatUsd, NOT_REPORTED } from "@/lib/cost/cost-format";
import type { CompareFormat, CompareRow, CompareValue, ExperimentCost } from "@/lib/cost/cost-compare";
import styles from "./cost.module.css";

const FORMATS: Record<CompareFormat, (n: number) => string> = { count: formatCount, usd: formatUsd, duration: formatDuration };

function valueText(v: CompareValue, format: CompareFormat): string {
  if (v.value === null) return NOT_REPORTED;
  const text = FORMATS[format](v.value);
  return v.reported && v.reported.by < v.reported.of ? `${text} (${formatCount(v.reported.by)} of ${formatCount(v.reported.of)} rollouts)` : text;
}

export function CostCompareTable({ experiments, rows }: { experiments: ExperimentCost[]; rows: CompareRow[] }) {
  const [first, ...rest] = experiments;
  const groups = [...new Set(rows.map((r) => r.group))];
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Cost side by side, each experiment against {first.name}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.quantity}>Quantity</th>
            {experiments.map((e) => (
              <th key={e.id} scope="col" className="num">
                {e.name}
                <span className={styles.sub}>{e.method}</span>
              </th>
            ))}
            {rest.map((e) => (
              <th key={e.id} scope="col" className="num">
                Δ {e.name}
                <span className={styles.sub}>− {first.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((g) => (
          <tbody key={g}>
            <tr className={styles.groupRow}>
              <th scope="colgroup" colSpan={1 + experiments.length + rest.length}>{g}</th>
            </tr>
            {rows.filter((r) => r.group === g).map((r) => (
              <tr key={r.key} className={r.key === "training-side" ? styles.total : undefined}>
                <th scope="row">{r.label}</th>
                {r.values.map((v, i) => (
                  <td key={experiments[i].id} className={`num${v.value === null ? " muted" : ""}`}>{valueText(v, r.format)}</td>
                ))}
                {r.deltas.map((d, i) => (
                  <td key={rest[i].id} className="num" title={d === null ? "not comparable: not every rollout on both sides reported it" : undefined}>
                    {d === null ? <span className="muted">—</span> : `${formatSigned(d, FORMATS[r.format])}${r.relative[i] === null ? "" : ` (${formatRelative(r.relative[i] as number)})`}`}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
