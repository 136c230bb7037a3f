// Next to the verdict: how often this acceptance rule accepts a candidate with no effect at this comparison's
// size (lib/stats/rule-noise.ts), so a reviewer weighs "rule says accept" against the rule's own noise.
import type { RuleNoise } from "@/lib/stats/rule-noise";
import { handfulSentence, ruleNoiseMethod, ruleNoiseSentence } from "@/lib/stats/rule-noise-text";
import styles from "./comparison-panel.module.css";

export function RuleNoiseNote({ noise }: { noise: RuleNoise | null }) {
  if (!noise) return null;
  const handful = handfulSentence(noise);
  return (
    <div aria-label="Rule noise">
      <p className={styles.note}>
        <strong>Rule noise:</strong> {ruleNoiseSentence(noise)} <span className="muted small">{ruleNoiseMethod(noise)}</span>
      </p>
      {handful && <p className={styles.note}><strong>{handful}</strong></p>}
    </div>
  );
}
