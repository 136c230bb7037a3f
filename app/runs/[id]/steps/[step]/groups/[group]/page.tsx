// One GRPO group: the K rollouts of one task at one step, and whether the group fed the policy update, and why.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getStepGroup } from "@/db/queries/run-steps";
import { requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment, stepFromSegment } from "@/lib/http/dynamic-segment";
import { comparePath, experimentPath, runPath, stepPath, taskPath } from "@/lib/http/page-links";
import { GroupVerdict } from "@/components/runs/group-verdict";
import { GroupRolloutsTable } from "@/components/runs/group-rollouts-table";
import { epochText } from "@/components/runs/run-steps-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "GRPO group" };

interface Props {
  params: Promise<{ id: string; step: string; group: string }>;
}

export default async function StepGroupPage({ params }: Props) {
  await requireUser();
  const raw = await params;
  const runId = idFromSegment(raw.id);
  const step = stepFromSegment(raw.step);
  const groupId = idFromSegment(raw.group);
  const group = runId === null || step === null || groupId === null ? null : getStepGroup(getStore(), runId, step, groupId);
  if (!group) notFound();

  const { usability, rollouts } = group;
  const tasks = [...new Map(rollouts.map((r) => [r.taskId, r])).values()];
  // A success and a failure the update actually compared: the first kept one of each.
  const kept = rollouts.filter((_, i) => usability.drops[i] === null);
  const success = kept.find((r) => r.success);
  const failure = kept.find((r) => !r.success);

  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href="/experiments">Experiments</Link> / <Link href={experimentPath(group.experimentId)}>{group.experimentName}</Link> /{" "}
          <Link href={runPath(group.runId)}>{group.runName ?? group.runId}</Link> /{" "}
          <Link href={stepPath(group.runId, group.step)}>step {group.step}</Link> / <span className="mono">{group.groupId}</span>
        </nav>
        <div className="title-row">
          <h1 className="wrap-anywhere">
            Group <span className="mono">{group.groupId}</span>
          </h1>
        </div>
        <p className="muted">
          {rollouts.length} {rollouts.length === 1 ? "rollout" : "rollouts"} of{" "}
          {tasks.map((t, i) => (
            <span key={t.taskId}>
              {i > 0 && ", "}
              <Link href={taskPath(t.taskId)} className="mono">
                {t.taskKey}
              </Link>{" "}
              ({t.benchmark})
            </span>
          ))}{" "}
          at step {group.step}, epoch {epochText(group.epochs)}.
        </p>
      </header>

      <GroupVerdict usability={usability} />
      {usability.usable && success && failure && (
        <p>
          <Link href={comparePath(success.id, failure.id)}>Compare a success with a failure</Link>{" "}
          <span className="muted small">
            (<span className="mono">{success.id}</span> and <span className="mono">{failure.id}</span>)
          </span>
        </p>
      )}

      <section className="section" aria-labelledby="rollouts-heading">
        <h2 id="rollouts-heading">Rollouts</h2>
        <GroupRolloutsTable rollouts={rollouts} drops={usability.drops} />
      </section>
    </main>
  );
}
