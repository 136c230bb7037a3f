// Which experiments the cross-experiment matrix sets side by side: a GET form of checkboxes, so the choice
// lands in the URL (experiments=a&experiments=b, read like experiments=a,b).
import type { ExperimentEvalCount } from "@/db/queries/eval-matrix";
import { formatCount } from "@/lib/format";
import styles from "./eval-matrix.module.css";

interface Props {
  action: string;
  experiments: ExperimentEvalCount[];
  selected: readonly string[];
  preset?: string;
  harness?: string;
}

export function ExperimentChooser({ action, experiments, selected, preset, harness }: Props) {
  const chosen = new Set(selected);
  return (
    <form method="get" action={action} className="card" aria-label="Choose experiments">
      <fieldset className={styles.choices}>
        <legend className="small muted">Experiments to compare</legend>
        {experiments.map((e) => (
          <label key={e.id}>
            <input type="checkbox" name="experiments" value={e.id} defaultChecked={chosen.has(e.id)} /> {e.name}{" "}
            <span className="small muted">{e.method} · {formatCount(e.evalRuns)} eval run{e.evalRuns === 1 ? "" : "s"}</span>
          </label>
        ))}
      </fieldset>
      {preset && <input type="hidden" name="preset" value={preset} />}
      {harness && <input type="hidden" name="harness" value={harness} />}
      <button type="submit" className="button button-secondary button-small">Compare</button>
    </form>
  );
}
