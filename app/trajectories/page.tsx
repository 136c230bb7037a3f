// The trajectory browser: every rollout, filtered, sorted and searched, with the whole view in the URL.
import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/services/auth/current-user";
import { roleAtLeast } from "@/lib/services/auth/pure/principal";
import { TrajectoryBrowser } from "@/components/trajectory-browser/trajectory-browser";
import { getStore } from "@/db/client";
import { loadTrajectoryBrowser } from "@/db/queries/trajectory-browser-view";
import { getLiveState } from "@/db/queries/live-state";
import { liveApiPath } from "@/lib/live/live-query";
import { NewRowsNotice } from "@/components/live/new-rows-notice";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Trajectories" };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function TrajectoriesPage({ searchParams }: Props) {
  const user = await requireUser();
  const params = await searchParams;
  // While training runs, rollouts that arrive are announced above the list, which stays where the reader is. Read
  // before the list, so a rollout arriving in between is announced rather than lost.
  const { run, experiment } = params;
  const liveScope = typeof run === "string" && run ? { run } : typeof experiment === "string" && experiment ? { experiment } : ("lab" as const);
  const live = getLiveState(getStore(), typeof run === "string" && run ? { kind: "run", id: run } : typeof experiment === "string" && experiment ? { kind: "experiment", id: experiment } : { kind: "lab" });
  const data = await loadTrajectoryBrowser(getStore(), params);
  return (
    <main className="main-wide">
      <header className="page-header">
        <div className="title-row">
          <h1>Trajectories</h1>
          {/* Importing writes to the store: offered to those who may do it (reviewers and admins). */}
          {roleAtLeast(user.role, "reviewer") && (
            <Link className="button button-small" href="/trajectories/import">
              Import trajectories
            </Link>
          )}
        </div>
        <p className="muted">
          Every rollout, filtered and sorted; search what was said and seen in their turns. The address bar holds the
          whole view: copy it to share exactly this list.
        </p>
        {live && <NewRowsNotice path={liveApiPath(liveScope)} initial={live} counting="rollouts" what="the rollouts" />}
      </header>
      <TrajectoryBrowser data={data} />
    </main>
  );
}
