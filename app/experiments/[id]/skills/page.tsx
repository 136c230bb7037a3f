// The skills of one experiment by kind (mechanism-level, near-answer hint, skill bank) and by task, each
// mechanism-level skill beside the paper's rule (no repository paths, code symbols or literal code) applied to
// it. Filters (kind, task, flagged only) live in the URL.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getStore } from "@/db/client";
import { getExperimentHeading } from "@/db/queries/failure-packets";
import { checkMechanismSkills, getSkillFacets, listSkills } from "@/db/queries/skills";
import { requireUser } from "@/lib/services/auth/current-user";
import { idFromSegment } from "@/lib/http/dynamic-segment";
import { formatCount } from "@/lib/format";
import { parseSkillsQuery, skillsPath } from "@/lib/skills/links";
import { ExperimentPageHeader } from "@/components/experiments/experiment-page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { SkillFilters } from "@/components/skills/skill-filters";
import { SkillGroups } from "@/components/skills/skill-groups";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Skills" };

const PAGE_SIZE = 50;

interface Props {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function ExperimentSkillsPage({ params, searchParams }: Props) {
  await requireUser();
  const experimentId = idFromSegment((await params).id);
  const store = getStore();
  const experiment = experimentId === null ? null : getExperimentHeading(store, experimentId);
  if (!experiment) notFound();
  const query = parseSkillsQuery(await searchParams);
  const page = query.page ?? 1;
  const facets = getSkillFacets(store, experiment.id);
  const all = facets.byKind.mechanism + facets.byKind.hint + facets.byKind.bank;
  // "Flagged only" means flagged mechanism skills, whatever kind the form says.
  const mechanism = checkMechanismSkills(store, experiment.id, query.task);
  const filter = query.flagged
    ? { kind: "mechanism" as const, taskId: query.task, onlyIds: mechanism.flaggedIds }
    : { kind: query.kind, taskId: query.task };
  const { total, rows } = listSkills(store, experiment.id, filter, { page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <main>
      <ExperimentPageHeader experiment={experiment} title="Skills" crumb="skills" section="skills">
        <p className="prose-text muted">
          Skill texts given to the policy in training. A mechanism-level skill says when and why a repair strategy applies and must
          contain no repository paths, code symbols or literal code; each one is checked against that rule beside its text.
        </p>
      </ExperimentPageHeader>

      {all === 0 ? (
        <EmptyState title="No skills yet">
          <p>
            Skills arrive as <code>skill</code> events (kind <code>mechanism</code>, <code>hint</code> or <code>bank</code>); see the{" "}
            <Link href="/api-docs">API documentation</Link>.
          </p>
        </EmptyState>
      ) : (
        <>
          <p>
            {formatCount(all)} {all === 1 ? "skill" : "skills"}: {formatCount(facets.byKind.mechanism)} mechanism-level,{" "}
            {formatCount(facets.byKind.hint)} near-answer {facets.byKind.hint === 1 ? "hint" : "hints"}, {formatCount(facets.byKind.bank)} skill bank.{" "}
            {mechanism.checked > 0 && (
              <>
                {mechanism.flaggedIds.size === 0 ? (
                  <>Every mechanism-level skill{query.task ? " of this task" : ""} passes the check.</>
                ) : (
                  <Link href={skillsPath(experiment.id, { task: query.task, flagged: true })}>
                    {formatCount(mechanism.flaggedIds.size)} of {formatCount(mechanism.checked)} mechanism-level skills
                    {query.task ? " of this task" : ""} flagged
                  </Link>
                )}
              </>
            )}
          </p>
          <SkillFilters experimentId={experiment.id} facets={facets} query={query} />
          {total === 0 ? (
            <p className="notice">No skills match these filters.</p>
          ) : (
            <>
              <p className="muted small">
                {formatCount(total)} {total === 1 ? "skill matches" : "skills match"}
                {pages > 1 && `; page ${page} of ${pages}`}.
              </p>
              <SkillGroups rows={rows} kindCounts={facets.byKind} />
              {pages > 1 && (
                <nav className="section" aria-label="Pages of skills">
                  {page > 1 && <Link href={skillsPath(experiment.id, { ...query, page: page - 1 })}>Previous page</Link>}
                  {page > 1 && page < pages && " · "}
                  {page < pages && <Link href={skillsPath(experiment.id, { ...query, page: page + 1 })}>Next page</Link>}
                </nav>
              )}
            </>
          )}
        </>
      )}
    </main>
  );
}
