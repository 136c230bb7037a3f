// The evidence of an engineer patch on its proposal page (issue 18, item 3): where a teacher proposal shows its
// candidate comparison, an engineer patch shows its re-runs — per failure packet the baseline and patched
// success on the same batch, Δ, reward r(B, P), validity and whether it was the packet's best — and the mean Δ
// over the packets where it was valid and complete, with its 95 % interval. Before this the page said "no
// candidate comparison" and a reviewer decided blind. Server component: plain data from the page.
import Link from "next/link";
import type { PatchEvidence } from "@/lib/patches/patch-evidence";
import type { PacketPlace } from "@/db/queries/proposal-patch-evaluations";
import { formatCount, formatPercent } from "@/lib/format";
import { formatIntervalPp, formatRateDiffPp } from "@/lib/stats/format-stats";
import { runPath } from "@/lib/http/page-links";

const yesNo = (b: boolean) => (b ? "yes" : "no");

function Summary({ evidence }: { evidence: PatchEvidence }) {
  const { delta, counted, lines } = evidence;
  if (counted === 0) {
    return <p>None of its {formatCount(lines.length)} evaluations was valid and complete with both success rates known: its Δ is not measured, and its reward is 0 by the rule.</p>;
  }
  return (
    <p aria-label="Patch effect">
      Δ success (patched − baseline) <strong>{formatRateDiffPp(delta.mean)}</strong>
      {delta.n > 1 ? <> (95 % interval {formatIntervalPp(delta.ci95)})</> : <span className="muted"> (one packet: no interval)</span>} over{" "}
      {formatCount(counted)} {counted === 1 ? "packet" : "packets"} where it was valid and complete; mean reward{" "}
      <strong>{formatRateDiffPp(evidence.meanReward)}</strong> over all {formatCount(lines.length)}; the best patch of{" "}
      {formatCount(evidence.bestIn)} of its {formatCount(lines.length)} {lines.length === 1 ? "packet" : "packets"}.
    </p>
  );
}

export function PatchEvidencePanel({ evidence, places }: { evidence: PatchEvidence; places: Record<string, PacketPlace> }) {
  return (
    <section className="section" aria-labelledby="patch-evidence-heading">
      <h2 id="patch-evidence-heading">Patch evaluations</h2>
      {evidence.lines.length === 0 ? (
        <p className="muted">This patch has not been evaluated on any failure packet yet.</p>
      ) : (
        <>
          <Summary evidence={evidence} />
          <p className="muted small">
            Each row is one re-run of the target on a failure packet&apos;s batch, unpatched (baseline) and patched, on the same tasks.
            The reward r(B, P) is Δ when the patch is valid and complete, else 0; the interval resamples packets ({formatCount(evidence.delta.resamples)} resamples, seed {evidence.delta.seed}).
          </p>
          <div className="table-wrap">
            <table className="table" aria-label="Patch evaluations">
              <thead>
                <tr>
                  <th scope="col">Failure packet</th>
                  <th scope="col">Run</th>
                  <th scope="col">Valid</th>
                  <th scope="col">Complete</th>
                  <th scope="col" className="num">Baseline</th>
                  <th scope="col" className="num">Patched</th>
                  <th scope="col" className="num">Δ</th>
                  <th scope="col" className="num">Reward</th>
                  <th scope="col">Best of its packet</th>
                </tr>
              </thead>
              <tbody>
                {evidence.lines.map((line) => {
                  const place = places[line.packetId];
                  return (
                    <tr key={line.id}>
                      <th scope="row" className="mono wrap-anywhere">{line.packetId}</th>
                      <td>{place?.runId ? <Link href={runPath(place.runId)}>{place.runName ?? place.runId}</Link> : <span className="muted">—</span>}</td>
                      <td>{yesNo(line.valid)}</td>
                      <td>{yesNo(line.complete)}</td>
                      <td className="num">{formatPercent(line.baselineSuccess)}</td>
                      <td className="num">{formatPercent(line.patchedSuccess)}</td>
                      <td className="num">{formatRateDiffPp(line.delta)}</td>
                      <td className="num" title={line.rewardDisagrees ? "the producer's reward differs from r(B, P) computed from these numbers" : undefined}>
                        {formatRateDiffPp(line.reward)}{line.rewardDisagrees ? " *" : ""}
                      </td>
                      <td>{yesNo(line.bestInPacket)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
