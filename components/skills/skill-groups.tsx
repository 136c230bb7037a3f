// One page of skills grouped by kind (mechanism, hint, bank) and, within a kind, by task. The rows arrive
// sorted that way (db/queries/skills.ts), so grouping keeps their order.
import Link from "next/link";
import type { SkillKind, SkillRow } from "@/db/queries/skills";
import { SKILL_KINDS } from "@/lib/domain/vocabulary";
import { taskPath } from "@/lib/http/page-links";
import { KIND_HEADINGS, KIND_NOTES } from "./kind-titles";
import { SkillCard } from "./skill-card";
import styles from "./skills.module.css";

interface TaskGroup {
  taskId: string | null;
  taskKey: string | null;
  taskTitle: string | null;
  skills: SkillRow[];
}

function byTask(rows: SkillRow[]): TaskGroup[] {
  const groups: TaskGroup[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.taskId === row.taskId) last.skills.push(row);
    else groups.push({ taskId: row.taskId, taskKey: row.taskKey, taskTitle: row.taskTitle, skills: [row] });
  }
  return groups;
}

function TaskHeading({ group }: { group: TaskGroup }) {
  if (group.taskId === null) return <>No task</>;
  return (
    <>
      Task <Link href={taskPath(group.taskId)} className="mono">{group.taskKey ?? group.taskId}</Link>
      {group.taskTitle && <span className="muted"> · {group.taskTitle}</span>}
    </>
  );
}

export function SkillGroups({ rows, kindCounts }: { rows: SkillRow[]; kindCounts: Record<SkillKind, number> }) {
  return (
    <>
      {SKILL_KINDS.map((kind) => {
        const ofKind = rows.filter((r) => r.kind === kind);
        if (ofKind.length === 0) return null;
        const headingId = `kind-${kind}`;
        return (
          <section key={kind} className="section" aria-labelledby={headingId}>
            <h2 id={headingId}>
              {KIND_HEADINGS[kind]}{" "}
              <span className="muted small">({kindCounts[kind]} in this experiment)</span>
            </h2>
            <p className="muted small">{KIND_NOTES[kind]}</p>
            {byTask(ofKind).map((group) => (
              <div key={group.taskId ?? ""} className={styles.taskGroup}>
                <h3>
                  <TaskHeading group={group} />
                </h3>
                {group.skills.map((skill) => (
                  <SkillCard key={skill.id} skill={skill} />
                ))}
              </div>
            ))}
          </section>
        );
      })}
    </>
  );
}
