// One skill: its text (with the check's findings highlighted when it is a mechanism-level skill), epoch and the
// rollouts it was written from, and beside it the result of the paper's rule. Skill texts are model output:
// React text only.
import Link from "next/link";
import type { SkillRow } from "@/db/queries/skills";
import { checkMechanismSkill } from "@/lib/skills/mechanism-check";
import { formatCount } from "@/lib/format";
import { rolloutPath } from "@/lib/http/page-links";
import { RolloutOutcomeBadge } from "@/components/runs/outcome-badge";
import { MarkedText } from "./marked-text";
import { MechanismCheckResult } from "./mechanism-check-result";
import styles from "./skills.module.css";

export function SkillCard({ skill }: { skill: SkillRow }) {
  const check = skill.kind === "mechanism" ? checkMechanismSkill(skill.text) : null;
  return (
    <article className={`card ${styles.skill}`} aria-label={`Skill ${skill.id}`}>
      <div>
        <p className={`prose-text ${styles.skillText}`}>
          {check ? <MarkedText text={skill.text} findings={check.findings} /> : skill.text}
        </p>
        {skill.text.length < skill.textChars && (
          <p className="muted small">
            Showing the first {formatCount(skill.text.length)} of {formatCount(skill.textChars)} characters.
          </p>
        )}
        <div className={styles.meta}>
          <span className="mono">{skill.id}</span>
          <span>epoch {skill.epoch ?? "—"}</span>
          {skill.sourceCount === 0 ? (
            <span>no source rollouts</span>
          ) : (
            <span>
              from{" "}
              <ul className={styles.sources} aria-label={`Source rollouts of ${skill.id}`}>
                {skill.sources.map((r) => (
                  <li key={r.id}>
                    <Link href={rolloutPath(r.id)} className="mono">
                      {r.id}
                    </Link>
                    <RolloutOutcomeBadge success={r.success} reward={r.reward} />
                  </li>
                ))}
                {skill.sources.length < skill.sourceCount && <li>and {formatCount(skill.sourceCount - skill.sources.length)} more</li>}
              </ul>
            </span>
          )}
        </div>
      </div>
      {check ? (
        <MechanismCheckResult check={check} textChars={skill.textChars} />
      ) : (
        <aside className={`${styles.check} muted`} aria-label="Mechanism check">
          Not checked: the rule (no paths, code symbols or literal code) is for mechanism-level skills; a {skill.kind === "hint" ? "near-answer hint" : "skill-bank entry"} may name them.
        </aside>
      )}
    </article>
  );
}
