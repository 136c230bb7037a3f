// "Waiting for review" on the home page: pending proposals per kind, each count a link to the inbox listing them.
import Link from "next/link";
import type { ReviewCount } from "@/lib/home/home-view";
import { formatCount } from "@/lib/format";
import styles from "./home.module.css";

export function WaitingForReview({ counts }: { counts: ReviewCount[] }) {
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return (
    <section className="card" aria-labelledby="review-heading">
      <h2 id="review-heading">Waiting for review</h2>
      {total === 0 && <p className="muted">Nothing waits for review.</p>}
      <ul className={styles.counts} aria-label="Pending proposals by kind">
        {counts.map((c) => (
          <li key={c.kind}>
            <Link href={c.href}>
              <span className={styles.count}>{formatCount(c.count)}</span> {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
