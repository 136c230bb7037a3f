// The lifecycle positions a patch touches, as badges in lifecycle order (DOMAIN.md, "Lifecycle hooks").
import { HOOK_POSITIONS, type HookPosition } from "@/lib/domain/vocabulary";
import styles from "./patches.module.css";

export function HookPositionBadges({ positions }: { positions: readonly HookPosition[] }) {
  const touched = HOOK_POSITIONS.filter((p) => positions.includes(p));
  if (touched.length === 0) return <span className="muted">none</span>;
  return (
    <span className={styles.badges}>
      {touched.map((p) => (
        <span key={p} className="badge badge-outline" title="Lifecycle position">
          {p}
        </span>
      ))}
    </span>
  );
}
