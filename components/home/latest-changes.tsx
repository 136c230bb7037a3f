// "Latest decisions and promotions" on the home page: the newest accept/reject decisions (by the rule or a
// person) and the newest changes of an experiment's incumbent harness, each linked to the proposal behind it.
import Link from "next/link";
import type { HomeDecision, HomePromotion } from "@/db/queries/home";
import { experimentPath, harnessHistoryPath, proposalPath } from "@/lib/http/page-links";
import { promotionPhrase, promotionSubjectText } from "@/lib/domain/harness-naming";
import { RelativeTime } from "@/components/ui/relative-time";
import styles from "./home.module.css";

export function LatestChanges({ decisions, promotions }: { decisions: HomeDecision[]; promotions: HomePromotion[] }) {
  return (
    <section className="card" aria-labelledby="latest-heading">
      <h2 id="latest-heading">Latest decisions and promotions</h2>
      <h3 className={styles.subheading}>Decisions</h3>
      {decisions.length === 0 ? (
        <p className="muted small">No proposal has been decided yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Latest decisions">
          {decisions.map((d) => (
            <li key={d.id}>
              <span className={d.verdict === "accept" ? "badge badge-success" : "badge badge-danger"}>{d.verdict === "accept" ? "accepted" : "rejected"}</span>{" "}
              <Link href={proposalPath(d.proposalId)}>{d.proposalTitle}</Link>{" "}
              <span className="muted small">
                by {d.actorKind === "rule" ? "the acceptance rule" : d.actor} in {d.experimentName} · <RelativeTime ms={d.at} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subheading}>Promotions</h3>
      {promotions.length === 0 ? (
        <p className="muted small">No harness has been promoted yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Latest promotions">
          {promotions.map((p) => (
            <li key={p.id}>
              <Link href={harnessHistoryPath(p.experimentId)}>
                {/* The promoted version by its own label (the one naming), the promotion order's number beside it. */}
                {promotionPhrase(p.kind, promotionSubjectText(p.label, p.versionLabel))}
              </Link>{" "}
              <span className="muted small">
                in <Link href={experimentPath(p.experimentId)}>{p.experimentName}</Link>
                {p.proposalId && (
                  <>
                    {" "}· from <Link href={proposalPath(p.proposalId)}>its proposal</Link>
                  </>
                )}{" "}
                · <RelativeTime ms={p.at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
