// Harness-R1 for one experiment: the failure packets handed to the engineer (newest first), the K patches sampled
// for each with validity, completeness, success before and after, Δ and reward, the best patch marked and linked
// to the proposal that promotes it, and the code of one patch at a time: the packet ?patch= names (or the first
// packet, with its best patch) is unfolded with its code; the others are folded to a line and open on demand.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentHeading, listFailurePackets, type FailurePacketView } from "@/db/queries/failure-packets";
import { getPatchCode } from "@/db/queries/patch-code";
import { requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { formatCount } from "@/lib/format";
import { bestPatchId } from "@/lib/patches/patch-reward";
import { patchesPath, readPatchesQuery } from "@/lib/patches/links";
import { ExperimentPageHeader } from "@/components/experiments/experiment-page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { FailurePacketSection } from "@/components/patches/failure-packet-section";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Harness-R1 patches" };

const PAGE_SIZE = 10;

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ page?: string | string[]; patch?: string | string[] }>;
}

/** The patch whose code a packet shows: the one ?patch= names if it is this packet's and has a proposal, else the best. */
function codePatch(packet: FailurePacketView, bestId: string | null, requested: string | undefined) {
  const withProposal = packet.patches.filter((p) => p.proposal !== null);
  return withProposal.find((p) => p.id === requested) ?? withProposal.find((p) => p.id === bestId) ?? null;
}

export default async function ExperimentPatchesPage({ params, searchParams }: Props) {
  await requireUser();
  const experimentId = idFromSegment((await params).id);
  const store = getStore();
  const experiment = experimentId === null ? null : getExperimentHeading(store, experimentId);
  if (!experiment) notFound();
  const { page, patch: requested } = readPatchesQuery(await searchParams).query;
  const { total, packets } = listFailurePackets(store, experiment.id, { page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // One packet open at a time: the one holding the requested patch, else the newest on this page.
  const openPacketId = packets.find((p) => p.patches.some((x) => x.id === requested))?.id ?? packets[0]?.id ?? null;

  return (
    <main>
      <ExperimentPageHeader experiment={experiment} title="Harness-R1 patches" crumb="patches" section="patches">
        <p className="prose-text muted">
          An engineer model reads the failed rollouts of a batch (a failure packet) and samples K patches to the frozen
          target&apos;s lifecycle hooks; each is applied and the target re-run on the same batch. Reward r(B, P) = Δ<sub>B</sub>(P),
          the change in success rate, when the patch is valid and complete, else 0.
        </p>
      </ExperimentPageHeader>

      {total === 0 ? (
        <EmptyState title="No failure packets yet">
          <p>
            Packets arrive as <code>failure_packet</code> events and their patches as <code>patch_evaluation</code> events; see
            the <Link href="/api-docs">API documentation</Link>.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="muted">
            {formatCount(total)} {total === 1 ? "failure packet" : "failure packets"}, newest first
            {pages > 1 && `; page ${page} of ${pages}`}.
          </p>
          {packets.map((packet, i) => {
            const bestId = bestPatchId(packet.patches);
            const open = packet.id === openPacketId;
            const chosen = open ? codePatch(packet, bestId, requested) : null;
            const code = chosen?.proposal ? getPatchCode(store, chosen.proposal.id) : null;
            const anchor = `packet-${(page - 1) * PAGE_SIZE + i + 1}`;
            return (
              <FailurePacketSection
                key={packet.id}
                packet={packet}
                anchor={anchor}
                bestId={bestId}
                shown={chosen && code ? { patchId: chosen.id, patchLabel: `#${chosen.patchIndex ?? "?"}`, code } : null}
                codeHref={(patchId) => `${patchesPath(experiment.id, { page, patch: patchId })}#${anchor}`}
                open={open}
              />
            );
          })}
          {pages > 1 && (
            <nav className="section" aria-label="Pages of failure packets">
              {page > 1 && <Link href={patchesPath(experiment.id, { page: page - 1 })}>Newer packets</Link>}
              {page > 1 && page < pages && " · "}
              {page < pages && <Link href={patchesPath(experiment.id, { page: page + 1 })}>Older packets</Link>}
            </nav>
          )}
        </>
      )}
    </main>
  );
}
