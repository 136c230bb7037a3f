// A job's progress as a bar with its number: role=progressbar and aria-valuenow for assistive technology (and
// tests); no value at all (indeterminate) while a job has not reported any.
import styles from "./jobs.module.css";

export function ProgressBar({ percent, label }: { percent: number | null; label: string }) {
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(percent !== null ? { "aria-valuenow": percent, "aria-valuetext": `${percent} %` } : { "aria-valuetext": "no progress reported" })}
    >
      <div className={styles.barFill} style={{ width: `${percent ?? 0}%` }} />
    </div>
  );
}
