// Every decision on a proposal, newest first: who (a person's username, or "rule" with the rule's name),
// when, the verdict, the reason, what the acceptance rule said at that moment, and what it did to the
// experiment's incumbent. Reasons are people's (or a trainer's) text: shown as text.
import type { DecisionEntry } from "@/db/queries/proposal-page";
import { RelativeTime } from "@/components/ui/relative-time";
import { Badge } from "@/components/ui/badge";
import { handfulSentence, ruleNoiseSentence } from "@/lib/stats/rule-noise-text";
import styles from "./proposals.module.css";

function ruleSaid(entry: DecisionEntry): string {
  if (entry.actorKind === "rule") return "";
  if (!entry.rule) return "The rule's verdict was not recorded.";
  if (entry.rule.verdict === null) return `The rule could not judge${entry.rule.reason ? ` (${entry.rule.reason})` : ""}.`;
  return `The rule said ${entry.rule.verdict}${entry.rule.reason ? ` (${entry.rule.reason})` : ""}${entry.rule.verdict !== entry.verdict ? " — decided against it" : ""}.`;
}

export function DecisionHistory({ decisions }: { decisions: DecisionEntry[] }) {
  if (decisions.length === 0) return <p className="muted">No decision yet.</p>;
  return (
    <ol className={styles.history} aria-label="Decision history" reversed>
      {decisions.map((d) => (
        <li key={d.id} data-verdict={d.verdict}>
          <div>
            <Badge tone={d.verdict === "accept" ? "success" : "danger"}>{d.verdict}</Badge>{" "}
            by <strong>{d.actorKind === "rule" ? `rule (${d.actor})` : d.actor}</strong> · <RelativeTime ms={d.at} />
            {d.promotion && (
              <>
                {" "}
                ·{" "}
                {d.promotion.kind === "promote"
                  ? <Badge tone="accent">promoted to incumbent {d.promotion.subject}</Badge>
                  : <Badge tone="warning">took back {d.promotion.subject}</Badge>}
              </>
            )}
          </div>
          {d.reason && <p className="prose-text">{d.reason}</p>}
          {ruleSaid(d) && <p className="muted small">{ruleSaid(d)}</p>}
          {d.rule?.noise && <p className="muted small">Rule noise when decided: {ruleNoiseSentence(d.rule.noise)} {handfulSentence(d.rule.noise)}</p>}
        </li>
      ))}
    </ol>
  );
}
