// The acceptance rule's verdict in words, first in each comparison: what the paper's rule decides from these rates.
import type { AcceptanceResult } from "@/lib/metrics/acceptance-rule";
import { Badge } from "@/components/ui/badge";
import styles from "./comparison-panel.module.css";

export function ComparisonVerdict({ rule }: { rule: AcceptanceResult | null }) {
  if (!rule) {
    return <p className={styles.verdict}>Acceptance rule: no verdict, a side&apos;s rate is unknown.</p>;
  }
  return (
    <p className={styles.verdict}>
      <span>Acceptance rule:</span>
      <span>{rule.reason}</span>
      <Badge tone={rule.verdict === "accept" ? "success" : "danger"} title="What the paper's rule decides, without a significance test">
        rule says {rule.verdict}
      </Badge>
    </p>
  );
}
