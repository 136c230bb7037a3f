// A training run's steps, one row each, with the rates computed from that step's train rollouts.
import Link from "next/link";
import type { RunStepSummary } from "@/db/queries/run-steps";
import { formatCount } from "@/lib/format";
import { stepPath } from "@/lib/http/page-links";
import { RateCell } from "./rate-cell";
import { truncatedCount } from "./training-rates-grid";

export function epochText(epochs: number[]): string {
  if (epochs.length === 0) return "—";
  return epochs.length === 1 ? String(epochs[0]) : `${epochs[0]}–${epochs[epochs.length - 1]}`;
}

export function RunStepsTable({ runId, steps }: { runId: string; steps: RunStepSummary[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Training steps with their rates</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col" className="num">Epoch</th>
            <th scope="col" className="num">Rollouts</th>
            <th scope="col" className="num">Groups</th>
            <th scope="col" className="num">Pass rate</th>
            <th scope="col" className="num">Mixed-group ratio</th>
            <th scope="col" className="num">Trainable rate</th>
            <th scope="col" className="num">Truncation rate</th>
          </tr>
        </thead>
        <tbody>
          {steps.map(({ step, epochs, rates }) => (
            <tr key={step}>
              <th scope="row">
                <Link href={stepPath(runId, step)}>Step {step}</Link>
              </th>
              <td className="num">{epochText(epochs)}</td>
              <td className="num">{formatCount(rates.rollouts)}</td>
              <td className="num">{formatCount(rates.groups)}</td>
              <RateCell count={rates.successes} total={rates.rollouts} />
              <RateCell count={rates.mixedGroups} total={rates.groups} />
              <RateCell count={rates.trainableRollouts} total={rates.rollouts} />
              <RateCell count={truncatedCount(rates)} total={rates.rollouts} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
