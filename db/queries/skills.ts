// Skills of an experiment for the skills page: filtered by kind and task, ordered mechanism → hint → bank and
// by task, with their source rollouts; and the mechanism-level check run over every mechanism skill, so the
// page can count the flagged ones and filter to them. Texts leave SQLite cut at MAX_CHECKED_CHARS (the
// contract allows 16 MB), which is also how much of a text the check reads.
import "server-only";
import type { Store } from "../client";
import { SKILL_KINDS } from "../../lib/domain/vocabulary";
import { checkMechanismSkill, MAX_CHECKED_CHARS } from "../../lib/skills/mechanism-check";

export type SkillKind = (typeof SKILL_KINDS)[number];

/** Source rollouts listed per skill (teacher 1 compares two; a skill bank entry may cite more). */
export const SKILL_SOURCES_SHOWN = 20;

export interface SkillSource {
  id: string;
  success: boolean;
  reward: number | null;
}

export interface SkillRow {
  id: string;
  kind: SkillKind;
  taskId: string | null;
  taskKey: string | null;
  taskTitle: string | null;
  epoch: number | null;
  /** The first MAX_CHECKED_CHARS characters of the text. */
  text: string;
  textChars: number;
  createdAt: number;
  sourceCount: number;
  sources: SkillSource[];
}

export interface SkillFilter {
  kind?: SkillKind;
  taskId?: string;
  /** Only these skills (the flagged mechanism skills, for "flagged only"). */
  onlyIds?: ReadonlySet<string>;
}

export interface SkillFacets {
  byKind: Record<SkillKind, number>;
  /** Tasks that have skills in this experiment, by key. */
  tasks: Array<{ id: string; key: string; title: string | null; skills: number }>;
  withoutTask: number;
}

const KIND_ORDER = `CASE s.kind ${SKILL_KINDS.map((k, i) => `WHEN '${k}' THEN ${i}`).join(" ")} END`;

function where(experimentId: string, filter: Pick<SkillFilter, "kind" | "taskId">) {
  const clauses = ["s.experiment_id = @experimentId"];
  if (filter.kind) clauses.push("s.kind = @kind");
  if (filter.taskId) clauses.push("s.task_id = @taskId");
  return { sql: clauses.join(" AND "), params: { experimentId, kind: filter.kind ?? null, taskId: filter.taskId ?? null } };
}

export function getSkillFacets(store: Store, experimentId: string): SkillFacets {
  const byKind = Object.fromEntries(SKILL_KINDS.map((k) => [k, 0])) as Record<SkillKind, number>;
  const kinds = store.sqlite
    .prepare("SELECT kind, count(*) AS n FROM skills WHERE experiment_id = ? GROUP BY kind")
    .all(experimentId) as Array<{ kind: SkillKind; n: number }>;
  for (const k of kinds) byKind[k.kind] = k.n;
  const tasks = store.sqlite
    .prepare(
      `SELECT t.id, t.key, t.title, count(*) AS skills FROM skills s JOIN tasks t ON t.id = s.task_id
        WHERE s.experiment_id = ? GROUP BY t.id ORDER BY t.key, t.id`,
    )
    .all(experimentId) as SkillFacets["tasks"];
  const { n } = store.sqlite.prepare("SELECT count(*) AS n FROM skills WHERE experiment_id = ? AND task_id IS NULL").get(experimentId) as { n: number };
  return { byKind, tasks, withoutTask: n };
}

/** The paper's rule over every mechanism skill of the experiment (of one task, if given): which are flagged. */
export function checkMechanismSkills(store: Store, experimentId: string, taskId?: string): { checked: number; flaggedIds: Set<string> } {
  const w = where(experimentId, { kind: "mechanism", taskId });
  const rows = store.sqlite
    .prepare(`SELECT s.id, substr(s.text, 1, @cap) AS text FROM skills s WHERE ${w.sql}`)
    .all({ ...w.params, cap: MAX_CHECKED_CHARS }) as Array<{ id: string; text: string }>;
  const flaggedIds = new Set(rows.filter((r) => !checkMechanismSkill(r.text).passes).map((r) => r.id));
  return { checked: rows.length, flaggedIds };
}

function sourcesOf(store: Store, skillId: string): { count: number; rows: SkillSource[] } {
  const { count } = store.sqlite.prepare("SELECT count(*) AS count FROM skill_sources WHERE skill_id = ?").get(skillId) as { count: number };
  const rows = store.sqlite
    .prepare(
      `SELECT r.id, r.success, r.reward FROM skill_sources l JOIN rollouts r ON r.id = l.rollout_id
        WHERE l.skill_id = ? ORDER BY r.success DESC, r.id LIMIT ?`,
    )
    .all(skillId, SKILL_SOURCES_SHOWN) as Array<{ id: string; success: number; reward: number | null }>;
  return { count, rows: rows.map((r) => ({ id: r.id, success: r.success === 1, reward: r.reward })) };
}

/** One page of skills, mechanism → hint → bank, then by task key (skills without a task last), epoch, arrival. */
export function listSkills(
  store: Store,
  experimentId: string,
  filter: SkillFilter,
  opts: { page: number; pageSize: number },
): { total: number; rows: SkillRow[] } {
  const w = where(experimentId, filter);
  const ordered = store.sqlite
    .prepare(
      `SELECT s.id FROM skills s LEFT JOIN tasks t ON t.id = s.task_id WHERE ${w.sql}
        ORDER BY ${KIND_ORDER}, t.key IS NULL, t.key, s.task_id, s.epoch IS NULL, s.epoch, s.created_at, s.rowid`,
    )
    .all(w.params) as Array<{ id: string }>;
  const ids = filter.onlyIds ? ordered.map((r) => r.id).filter((id) => filter.onlyIds!.has(id)) : ordered.map((r) => r.id);
  const pageIds = ids.slice((opts.page - 1) * opts.pageSize, opts.page * opts.pageSize);
  const get = store.sqlite.prepare(
    `SELECT s.id, s.kind, s.task_id AS taskId, t.key AS taskKey, t.title AS taskTitle, s.epoch,
            substr(s.text, 1, @cap) AS text, length(s.text) AS textChars, s.created_at AS createdAt
       FROM skills s LEFT JOIN tasks t ON t.id = s.task_id WHERE s.id = @id`,
  );
  const rows = pageIds.map((id) => {
    const row = get.get({ id, cap: MAX_CHECKED_CHARS }) as Omit<SkillRow, "sources" | "sourceCount">;
    const sources = sourcesOf(store, id);
    return { ...row, sourceCount: sources.count, sources: sources.rows };
  });
  return { total: ids.length, rows };
}
