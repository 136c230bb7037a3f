// The evidence of an engineer patch on its proposal page (issue 18, item 3): where a teacher proposal shows its
// candidate comparison, an engineer patch shows its re-runs — per failure packet the baseline and patched
// success on the same batch, Δ, reward r(B, P), validity and whether it was the packet's best — and the mean Δ
// over the packets where it was valid and complete, with its 95 % interval. Before this the page said "no
// candidate comparison" and a reviewer decided blind. Server component: plain data from the page, drawn by
// the one DataTable.
import Link from "next/link";
import type { PatchEvidence } from "@/lib/patches/patch-evidence";
import type { PacketPlace } from "@/db/queries/proposal-patch-evaluations";
import { formatCount, formatPercent } from "@/lib/format";
import { formatIntervalPp, formatRateDiffPp } from "@/lib/stats/format-stats";
import { runPath } from "@/lib/http/page-links";
import { DataTable, type Column } from "@/components/tables/data-table";

const yesNo = (b: boolean) => (b ? "yes" : "no");

type Line = PatchEvidence["lines"][number];

function columnsOf(places: Record<string, PacketPlace>): Column<Line>[] {
  return [
    { id: "packet", label: "Failure packet", header: "Failure packet", className: "mono wrap-anywhere", value: (l) => l.packetId },
    {
      id: "run",
      label: "Run",
      header: "Run",
      priority: 2,
      cell: (l) => {
        const place = places[l.packetId];
        return place?.runId ? <Link href={runPath(place.runId)}>{place.runName ?? place.runId}</Link> : <span className="muted">—</span>;
      },
    },
    { id: "valid", label: "Valid", header: "Valid", value: (l) => yesNo(l.valid) },
    { id: "complete", label: "Complete", header: "Complete", priority: 2, value: (l) => yesNo(l.complete) },
    { id: "baseline", label: "Baseline", header: "Baseline", numeric: true, value: (l) => formatPercent(l.baselineSuccess) },
    { id: "patched", label: "Patched", header: "Patched", numeric: true, value: (l) => formatPercent(l.patchedSuccess) },
    { id: "delta", label: "Δ", header: "Δ", numeric: true, value: (l) => formatRateDiffPp(l.delta) },
    {
      id: "reward",
      label: "Reward",
      header: "Reward",
      numeric: true,
      title: (l) => (l.rewardDisagrees ? "the producer's reward differs from r(B, P) computed from these numbers" : undefined),
      value: (l) => `${formatRateDiffPp(l.reward)}${l.rewardDisagrees ? " *" : ""}`,
    },
    { id: "best", label: "Best of its packet", header: "Best of its packet", priority: 2, value: (l) => yesNo(l.bestInPacket) },
  ];
}

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
          <DataTable columns={columnsOf(places)} rows={evidence.lines} rowKey={(line) => line.id} label="Patch evaluations" />
        </>
      )}
    </section>
  );
}
