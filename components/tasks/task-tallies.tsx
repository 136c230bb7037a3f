// A task's successes / rollouts per harness version and per checkpoint: where the task flips.
import type { CheckpointTally, HarnessVersionTally, OutcomeCounts } from "@/db/queries/task-page";
import { formatCount } from "@/lib/format";
import { RateCell } from "@/components/runs/rate-cell";

function CountCells({ t }: { t: OutcomeCounts }) {
  return (
    <>
      <RateCell count={t.successes} total={t.rollouts} />
      <td className="num">{formatCount(t.failures)}</td>
      <td className="num">{formatCount(t.unknown)}</td>
      <td className="num">{formatCount(t.truncated)}</td>
    </>
  );
}

function CountHeaders() {
  return (
    <>
      <th scope="col" className="num">Successes / rollouts</th>
      <th scope="col" className="num">Failures</th>
      <th scope="col" className="num">Unknown</th>
      <th scope="col" className="num">Truncated</th>
    </>
  );
}

export function HarnessVersionTallyTable({ rows }: { rows: HarnessVersionTally[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Harness version</th>
            <th scope="col">Experiment</th>
            <CountHeaders />
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.harnessVersionId ?? "none"}>
              <th scope="row">{t.label ?? <span className="muted">none given</span>}</th>
              <td className="wrap-anywhere">{t.experimentName ?? <span className="muted">—</span>}</td>
              <CountCells t={t} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CheckpointTallyTable({ rows }: { rows: CheckpointTally[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Checkpoint</th>
            <th scope="col" className="num">Step</th>
            <th scope="col">Experiment</th>
            <CountHeaders />
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.checkpointId ?? "none"}>
              <th scope="row" className="wrap-anywhere">
                {t.checkpointId === null ? <span className="muted">none given</span> : (t.name ?? <span className="mono">{t.checkpointId}</span>)}
              </th>
              <td className="num">{t.step ?? "—"}</td>
              <td className="wrap-anywhere">{t.experimentName ?? <span className="muted">—</span>}</td>
              <CountCells t={t} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
