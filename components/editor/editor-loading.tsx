// What the frame shows while the Monaco bundle loads in the browser.
import styles from "./editor.module.css";

export function EditorLoading() {
  return (
    <p className={styles.loading} role="status">
      Loading editor…
    </p>
  );
}
