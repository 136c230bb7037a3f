// The skills page's filters as a plain GET form: kind, task and "flagged only" live in the URL, so a filtered
// view can be linked and works without JavaScript.
import Link from "next/link";
import type { SkillFacets } from "@/db/queries/skills";
import { SKILL_KINDS } from "@/lib/domain/vocabulary";
import { skillsPath, type SkillsQuery } from "@/lib/skills/links";
import { KIND_TITLES } from "./kind-titles";
import styles from "./skills.module.css";

interface Props {
  experimentId: string;
  facets: SkillFacets;
  query: SkillsQuery;
}

export function SkillFilters({ experimentId, facets, query }: Props) {
  const filtered = Boolean(query.kind || query.task || query.flagged);
  return (
    <form method="get" action={skillsPath(experimentId)} className={styles.filters} aria-label="Filter skills">
      <label>
        Kind
        <select name="kind" defaultValue={query.kind ?? ""}>
          <option value="">all kinds</option>
          {SKILL_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_TITLES[k]} ({facets.byKind[k]})
            </option>
          ))}
        </select>
      </label>
      <label>
        Task
        <select name="task" defaultValue={query.task ?? ""}>
          <option value="">all tasks</option>
          {facets.tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.key} ({t.skills})
            </option>
          ))}
        </select>
      </label>
      <label className={styles.inline}>
        <input type="checkbox" name="flagged" value="1" defaultChecked={query.flagged} />
        Flagged mechanism skills only
      </label>
      <button type="submit" className="button button-small">
        Apply
      </button>
      {filtered && <Link href={skillsPath(experimentId)}>Clear filters</Link>}
    </form>
  );
}
