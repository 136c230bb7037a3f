// Two harness versions compared file by file: /harness-versions/compare?base=ID&candidate=ID. The proposal
// page embeds the same HarnessDiff for its base → candidate; this page serves any pair (H0 vs H2).
import type { Metadata } from "next";
import { requireUser } from "@/lib/services/auth/current-user";
import { EmptyState } from "@/components/ui/empty-state";
import { HarnessDiff } from "@/components/harness-diff/harness-diff";
import { getStore } from "@/db/client";
import { getHarnessDiffSides } from "@/db/queries/harness-diff";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare harness versions" };

interface Props {
  searchParams: Promise<{ base?: string | string[]; candidate?: string | string[] }>;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function CompareHarnessVersionsPage({ searchParams }: Props) {
  await requireUser();
  const params = await searchParams;
  const base = one(params.base)?.trim();
  const candidate = one(params.candidate)?.trim();

  return (
    <main>
      <header className="page-header">
        <h1>Compare harness versions</h1>
      </header>
      {base && candidate ? (
        <HarnessDiff baseVersionId={base} candidateVersionId={candidate} sides={getHarnessDiffSides(getStore(), base, candidate)} />
      ) : (
        <EmptyState title="Two harness versions are needed">
          <p>
            Give both ids in the address: <code>/harness-versions/compare?base=ID&amp;candidate=ID</code>
            {!base && !candidate ? "." : `; ${!base ? "base" : "candidate"} is missing.`} A proposal page shows the diff from its
            base harness to its candidate.
          </p>
        </EmptyState>
      )}
    </main>
  );
}
