// The teacher and engineer calls of an experiment, counted from what they produced.
import { formatCount } from "@/lib/format";
import { callRows, type CallCounts } from "@/lib/cost/model-calls";

export function CallsTable({ calls }: { calls: CallCounts }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Calls to the teachers and the engineer</caption>
        <thead>
          <tr>
            <th scope="col">Produced</th>
            <th scope="col">Model</th>
            <th scope="col" className="num">Count</th>
            <th scope="col">Counted as</th>
          </tr>
        </thead>
        <tbody>
          {callRows(calls).map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>{r.model}</td>
              <td className="num">{formatCount(r.count)}</td>
              <td className="muted">{r.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
