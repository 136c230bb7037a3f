// The skills page's address with its filters, built from ids only and encoded by URLSearchParams, and read
// back with the one address parser (lib/http/url-state.ts).
// Kept here rather than in lib/http/page-links.ts while issue 5's helpers work in parallel; the lead may move them.
import { experimentPath } from "../http/page-links";
import { SKILL_KINDS } from "../domain/vocabulary";
import { parseUrlState, urlOneOf, urlPageNumber, urlText } from "../http/url-state";

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

const SKILLS_FIELDS = { kind: urlOneOf(SKILL_KINDS), task: urlText(256), flagged: urlOneOf(["1"] as const, "must be 1 (flagged only) or left out"), page: urlPageNumber };

/** A page number from the URL: a positive integer, else 1 (a hand-edited address never errors). */
export function pageParam(v: Param): number {
  return parseUrlState({ page: v }, { page: urlPageNumber }).state.page ?? 1;
}

/** The skills page's filters from its search params, and each value it could not use, named. */
export function readSkillsQuery(params: Record<string, Param>): { query: SkillsQuery; problems: string[] } {
  const { state, problems } = parseUrlState(params, SKILLS_FIELDS);
  return { query: { kind: state.kind, task: state.task, flagged: state.flagged === "1", page: state.page ?? 1 }, problems };
}

/** The skills page's filters from its search params; unknown kinds, repeated or oversized values are ignored. */
export function parseSkillsQuery(params: Record<string, Param>): SkillsQuery {
  return readSkillsQuery(params).query;
}
