// The verdict of one GRPO group, said first and plainly: usable for the update or not, why, with the counts.
import type { GroupUsability } from "@/lib/metrics/group-usability";
import { describeGroupUsability, explainGroupUsability, groupVerdict } from "@/lib/metrics/group-usability";
import styles from "./group-verdict.module.css";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function GroupVerdict({ usability }: { usability: GroupUsability }) {
  return (
    <section aria-labelledby="verdict-heading" className={`card ${styles.verdict} ${usability.usable ? styles.usable : styles.unusable}`}>
      <h2 id="verdict-heading" className={styles.headline}>
        {capitalized(groupVerdict(usability))}
      </h2>
      <p className={styles.reason}>{capitalized(describeGroupUsability(usability))}.</p>
      <p className="muted">{explainGroupUsability(usability)}</p>
    </section>
  );
}
