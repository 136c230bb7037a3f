// The caveat every cost view carries (DOMAIN.md, "Cost"): counting rollouts is not measuring compute.
import styles from "./cost.module.css";

export function GpuHoursNote() {
  return (
    <p className={styles.note} role="note">
      <strong>Rollout counts are not GPU hours.</strong> Rollouts differ in length (turns and tokens up to the limit), in model size
      (policy, target, teacher and engineer) and in whether they feed a gradient step; tokens and rollout time, where producers
      reported them, come closer to the compute spent.
    </p>
  );
}
