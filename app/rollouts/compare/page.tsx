// Two rollouts side by side, turns aligned and scrolled together: a success next to a failure of the
// same task, or the same task under H0 and H2. /rollouts/compare?left=ID&right=ID[&align=step]
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { getRolloutView } from "@/db/queries/rollout-view";
import { requireUser } from "@/lib/services/auth/current-user";
import { outcomeOf } from "@/lib/domain/outcome";
import { EmptyState } from "@/components/ui/empty-state";
import { CompareSideHeader } from "@/components/trajectory/compare-side-header";
import { CompareView } from "@/components/trajectory/compare-view";
import { comparePath, taskPath } from "@/lib/http/page-links";
import styles from "@/components/trajectory/compare-view.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare rollouts" };

interface Props {
  searchParams: Promise<{ left?: string | string[]; right?: string | string[]; align?: string | string[] }>;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function CompareRolloutsPage({ searchParams }: Props) {
  await requireUser();
  const params = await searchParams;
  const leftId = one(params.left);
  const rightId = one(params.right);
  const align = one(params.align) === "step" ? "step" : "index";
  const store = getStore();
  const left = leftId ? getRolloutView(store, leftId) : null;
  const right = rightId ? getRolloutView(store, rightId) : null;

  if (!left || !right) {
    const missing = [!leftId ? "left (no id given)" : !left ? `left "${leftId}"` : null, !rightId ? "right (no id given)" : !right ? `right "${rightId}"` : null]
      .filter(Boolean).join(" and ");
    return (
      <main>
        <header className="page-header"><h1>Compare rollouts</h1></header>
        <EmptyState title="Two rollouts are needed">
          <p>Not found: {missing}. Open a rollout and use <strong>Compare with…</strong> to pick another attempt at the same task.</p>
        </EmptyState>
      </main>
    );
  }

  const l = left.rollout;
  const r = right.rollout;
  return (
    <main>
      <header className="page-header">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <Link href={taskPath(l.taskId)} className="mono">{l.taskKey}</Link> / compare
        </nav>
        <h1>Compare rollouts</h1>
        {l.taskId !== r.taskId && <p className="notice">These rollouts are of different tasks: <span className="mono">{l.taskKey}</span> and <span className="mono">{r.taskKey}</span>.</p>}
      </header>
      <div className={styles.sides}>
        <CompareSideHeader side="Left" rollout={l} />
        <CompareSideHeader side="Right" rollout={r} />
      </div>
      <div className={styles.controls}>
        <span className="small">Align turns:</span>
        {align === "index" ? <strong className="small">by index</strong> : <Link className="small" href={comparePath(l.id, r.id)}>by index</Link>}
        {align === "step" ? <strong className="small">by step</strong> : <Link className="small" href={comparePath(l.id, r.id, "step")}>by step</Link>}
        <Link className="small" href={comparePath(r.id, l.id, align === "step" ? "step" : undefined)}>Swap sides</Link>
      </div>
      <CompareView
        align={align}
        left={{ rolloutId: l.id, label: `${l.harnessLabel ?? "—"} · ${outcomeOf(l)} · ${l.id}`, turns: left.turns }}
        right={{ rolloutId: r.id, label: `${r.harnessLabel ?? "—"} · ${outcomeOf(r)} · ${r.id}`, turns: right.turns }}
      />
    </main>
  );
}
