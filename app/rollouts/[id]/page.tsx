// The trajectory viewer: one rollout's header, evaluator verdict, submitted patch, and its turns.
// Turns arrive as summaries (long fields cut to previews); full texts are fetched as they are opened.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getRolloutTaskKey, getRolloutView } from "@/db/queries/rollout-view";
import { listTaskRollouts } from "@/db/queries/task-rollouts";
import { currentUser, requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { HOOK_POSITIONS, type HookPosition } from "@/lib/domain/vocabulary";
import { RolloutHeader } from "@/components/trajectory/rollout-header";
import { VerdictPanel } from "@/components/trajectory/verdict-panel";
import { SubmissionPanel } from "@/components/trajectory/submission-panel";
import { CompareWithMenu } from "@/components/trajectory/compare-with-menu";
import { TrajectoryViewer } from "@/components/trajectory/trajectory-viewer";
import { TrainerValuesPanel } from "@/components/trajectory/trainer-values-panel";
import { getRolloutMetadata } from "@/db/queries/rollout-metadata";
import { getRolloutLinks } from "@/db/queries/rollout-links";
import { LinkedRollouts } from "@/components/trajectory/linked-rollouts";
import { browserHref, DEFAULT_SORT } from "@/lib/trajectories/browser-query";

export const dynamic = "force-dynamic";
// Every rollout tab reads "django__django-11099 · Rollout": the task is in the title once the access check
// passed; signed out, or for an unknown id, the title says only "Rollout".
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = idFromSegment((await params).id);
  if (id === null || !(await currentUser())) return { title: "Rollout" };
  const taskKey = getRolloutTaskKey(getStore(), id);
  return { title: taskKey ? `${taskKey} · Rollout` : "Rollout" };
}

const COMPARE_LIMIT = 200;

interface Props {
  params: Promise<{ id: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
}

/** ?hook=<position>, set by the trajectory browser's "hook fired at" filter; anything else highlights nothing. */
function hookParam(value: string | string[] | undefined): HookPosition | null {
  return typeof value === "string" && (HOOK_POSITIONS as readonly string[]).includes(value) ? (value as HookPosition) : null;
}

export default async function RolloutPage({ params, searchParams }: Props) {
  await requireUser();
  const id = idFromSegment((await params).id);
  if (id === null) notFound();
  const store = getStore();
  const view = getRolloutView(store, id);
  if (!view) notFound();
  const { rollout } = view;
  const siblings = listTaskRollouts(store, rollout.taskId, COMPARE_LIMIT + 1).filter((r) => r.id !== rollout.id);

  return (
    <main>
      <RolloutHeader
        rollout={rollout}
        actions={<CompareWithMenu rolloutId={rollout.id} placement={{ experimentId: rollout.experimentId, runId: rollout.runId, groupId: rollout.groupId }} taskId={rollout.taskId} others={siblings.slice(0, COMPARE_LIMIT)} more={siblings.length > COMPARE_LIMIT} />}
      />
      <LinkedRollouts links={getRolloutLinks(store, rollout.id)} />
      <VerdictPanel verdicts={view.verdicts} />
      <SubmissionPanel rolloutId={rollout.id} submission={view.submission} />
      <TrainerValuesPanel
        metadata={getRolloutMetadata(store, rollout.id)}
        browseHref={(key) => browserHref({ filter: { experiment: rollout.experimentId, run: rollout.runId, value: key }, sort: DEFAULT_SORT })}
      />
      <section className="section" aria-labelledby="turns-heading">
        <h2 id="turns-heading">Turns</h2>
        <TrajectoryViewer rolloutId={rollout.id} turns={view.turns} focusHook={hookParam((await searchParams)?.hook)} />
      </section>
    </main>
  );
}
