// One task across everything: every rollout of it over runs, harness versions and checkpoints, how often each
// version and checkpoint solved it, and two attempts picked for a side-by-side comparison.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getTask, tallyTaskByCheckpoint, tallyTaskByHarnessVersion } from "@/db/queries/task-page";
import { listTaskRollouts } from "@/db/queries/task-rollouts";
import { requireUser } from "@/lib/services/auth/current-user";
import { outcomeOf } from "@/lib/domain/outcome";
import { formatCount } from "@/lib/format";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { comparePath } from "@/lib/http/page-links";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { TaskRolloutsTable } from "@/components/tasks/task-rollouts-table";
import { CheckpointTallyTable, HarnessVersionTallyTable } from "@/components/tasks/task-tallies";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Task" };

const LIMIT = 500;

interface Props {
  params: Promise<{ id: string }>;
}

export default async function TaskPage({ params }: Props) {
  await requireUser();
  const taskId = idFromSegment((await params).id);
  const store = getStore();
  const task = taskId === null ? null : getTask(store, taskId);
  if (!task) notFound();
  const rows = listTaskRollouts(store, task.id, LIMIT);
  const byHarness = tallyTaskByHarnessVersion(store, task.id);
  const byCheckpoint = tallyTaskByCheckpoint(store, task.id);
  // Newest success and newest failure: the pair a reader most often wants side by side.
  const success = rows.find((r) => outcomeOf(r) === "success");
  const failure = rows.find((r) => outcomeOf(r) === "failure");

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/trajectories">Trajectories</Link> / task <span className="mono">{task.id}</span>
        </nav>
        <div className="title-row">
          <h1 className="wrap-anywhere">{task.title ?? task.key}</h1>
          <Badge tone="accent" title="Benchmark">
            {task.benchmark}
          </Badge>
        </div>
        <p className="muted">
          Task key <span className="mono">{task.key}</span> · {formatCount(task.rollouts)} {task.rollouts === 1 ? "rollout" : "rollouts"}{" "}
          across runs, harness versions and checkpoints.
        </p>
      </header>

      {task.rollouts === 0 ? (
        <EmptyState title="No rollouts of this task yet">
          <p>Rollouts appear when a trainer, evaluator or importer sends <code>rollout</code> events naming this task.</p>
        </EmptyState>
      ) : (
        <>
          <div className="grid-2 section">
            <section aria-labelledby="by-harness-heading">
              <h2 id="by-harness-heading">By harness version</h2>
              <HarnessVersionTallyTable rows={byHarness} />
            </section>
            <section aria-labelledby="by-checkpoint-heading">
              <h2 id="by-checkpoint-heading">By checkpoint</h2>
              <CheckpointTallyTable rows={byCheckpoint} />
            </section>
          </div>

          <section className="section" aria-labelledby="rollouts-heading">
            <h2 id="rollouts-heading">Rollouts</h2>
            {rows.length < task.rollouts && (
              <p className="notice small">
                Showing the newest {formatCount(rows.length)} of {formatCount(task.rollouts)} rollouts; the counts above cover all of
                them.
              </p>
            )}
            {success && failure && (
              <p>
                <Link href={comparePath(success.id, failure.id)}>Compare the newest success with the newest failure</Link>
              </p>
            )}
            <TaskRolloutsTable rows={rows} />
          </section>
        </>
      )}
    </main>
  );
}
