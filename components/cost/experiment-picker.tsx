// Choosing the experiments set side by side, in order (the first is the baseline of every Δ). Works without
// JavaScript: removing and reordering are links, adding is a plain GET form that repeats ?experiments=
// (the page redirects that to the canonical comma-separated address).
import Link from "next/link";
import { crossCostHref } from "@/lib/cost/cost-query";
import { crossCostPath, experimentCostPath } from "@/lib/http/page-links";
import styles from "./cost.module.css";

interface Choice {
  id: string;
  name: string;
  method: string;
}

export function ExperimentPicker({ chosen, choices }: { chosen: string[]; choices: Choice[] }) {
  const byId = new Map(choices.map((c) => [c.id, c]));
  const rest = choices.filter((c) => !chosen.includes(c.id));
  return (
    <div className={styles.picker}>
      {chosen.length > 0 && (
        <ol className={styles.chosen} aria-label="Experiments side by side">
          {chosen.map((id, i) => {
            const c = byId.get(id);
            return (
              <li key={id}>
                <Link href={experimentCostPath(id)}>{c?.name ?? id}</Link> <span className="muted small">{c?.method}</span>
                {i === 0 && <span className={`badge badge-accent ${styles.badgeGap}`}>baseline</span>}
                <span className={`${styles.order} small`}>
                  {i > 0 && (
                    <Link href={crossCostHref([id, ...chosen.filter((x) => x !== id)])} aria-label={`Make ${c?.name ?? id} the baseline`}>
                      make baseline
                    </Link>
                  )}
                  <Link href={crossCostHref(chosen.filter((x) => x !== id))} aria-label={`Remove ${c?.name ?? id}`}>
                    remove
                  </Link>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {rest.length > 0 && (
        <form method="get" action={crossCostPath()} aria-label="Choose experiments">
          {chosen.map((id) => (
            <input key={id} type="hidden" name="experiments" value={id} />
          ))}
          <label htmlFor="add-experiment">Add an experiment</label>{" "}
          <select id="add-experiment" name="experiments">
            {rest.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.method})
              </option>
            ))}
          </select>{" "}
          <button type="submit" className="button button-small">Add</button>
        </form>
      )}
    </div>
  );
}
