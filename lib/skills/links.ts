// The skills page's address with its filters, built from ids only and encoded by URLSearchParams.
// Kept here rather than in lib/http/page-links.ts while issue 5's helpers work in parallel; the lead may move them.
import { experimentPath } from "../http/page-links";
import { SKILL_KINDS } from "../domain/vocabulary";

const SKILL_KIND_SET: ReadonlySet<string> = new Set(SKILL_KINDS);

export interface SkillsQuery {
  kind?: (typeof SKILL_KINDS)[number];
  task?: string;
  flagged?: boolean;
  page?: number;
}

export function skillsPath(experimentId: string, q: SkillsQuery = {}): string {
  const params = new URLSearchParams();
  if (q.kind) params.set("kind", q.kind);
  if (q.task) params.set("task", q.task);
  if (q.flagged) params.set("flagged", "1");
  if (q.page && q.page > 1) params.set("page", String(q.page));
  const query = params.toString();
  return `${experimentPath(experimentId)}/skills${query ? `?${query}` : ""}`;
}

type Param = string | string[] | undefined;
const single = (v: Param): string | undefined => (typeof v === "string" && v.length > 0 ? v : undefined);

/** A page number from the URL: a positive integer, else 1 (a hand-edited address never errors). */
export function pageParam(v: Param): number {
  const s = single(v);
  return s && /^[1-9]\d{0,6}$/.test(s) ? Number(s) : 1;
}

/** The skills page's filters from its search params; unknown kinds, repeated or oversized values are ignored. */
export function parseSkillsQuery(params: Record<string, Param>): SkillsQuery {
  const kind = single(params.kind);
  const task = single(params.task);
  return {
    kind: SKILL_KIND_SET.has(kind ?? "") ? (kind as SkillsQuery["kind"]) : undefined,
    task: task && task.length <= 256 ? task : undefined,
    flagged: single(params.flagged) === "1",
    page: pageParam(params.page),
  };
}
