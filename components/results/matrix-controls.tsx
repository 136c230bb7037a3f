// The layout of the matrix: the three presets as links, and the choice each preset needs — which harness stands
// for an experiment in Table 1, which checkpoint Table 2 shows. Plain GET forms, so every choice is in the URL
// (and works before any script has loaded).
import Link from "next/link";
import { cellKey } from "@/lib/results/cell-key";
import { HARNESS_RULES, HARNESS_RULE_NAMES, MATRIX_PRESETS, PRESET_NAMES, type MatrixPreset } from "@/lib/results/matrix-layout";
import type { MatrixParams } from "@/lib/results/matrix-params";
import type { MatrixView } from "@/lib/results/matrix-view";
import styles from "./eval-matrix.module.css";

interface Props {
  base: string;
  view: MatrixView;
  /** The parameters to keep when a form changes one (experiments, baseline, selection). */
  params: MatrixParams;
  hrefFor: (preset: MatrixPreset) => string;
}

/** Hidden fields for the parameters a form does not change. */
function Keep({ params, except }: { params: MatrixParams; except: keyof MatrixParams }) {
  return (
    <>
      {except !== "experiments" && params.experiments?.length ? <input type="hidden" name="experiments" value={params.experiments.join(",")} /> : null}
      {except !== "preset" && params.preset && <input type="hidden" name="preset" value={params.preset} />}
      {except !== "harness" && params.harness && <input type="hidden" name="harness" value={params.harness} />}
      {except !== "checkpoint" && params.checkpoint !== undefined && <input type="hidden" name="checkpoint" value={params.checkpoint} />}
      {(["baseline", "a", "b"] as const).map((k) => (except !== k && params[k] ? <input key={k} type="hidden" name={k} value={cellKey(params[k]!)} /> : null))}
    </>
  );
}

export function MatrixControls({ base, view, params, hrefFor }: Props) {
  const kept: MatrixParams = { ...params, preset: view.preset };
  return (
    <div className={styles.controls}>
      <nav aria-label="Matrix layout" className={styles.presets}>
        {MATRIX_PRESETS.map((p) => (
          <Link key={p} href={hrefFor(p)} className={styles.preset} aria-current={p === view.preset ? "page" : undefined}>
            {PRESET_NAMES[p]}
          </Link>
        ))}
      </nav>
      {view.preset === "methods" && (
        <form method="get" action={base} className={styles.inlineForm}>
          <Keep params={kept} except="harness" />
          <label htmlFor="matrix-harness-rule">Each experiment at its final evaluated checkpoint, under</label>
          <select id="matrix-harness-rule" name="harness" defaultValue={view.harnessRule}>
            {HARNESS_RULES.map((r) => <option key={r} value={r}>{HARNESS_RULE_NAMES[r]}</option>)}
          </select>
          <button type="submit" className="button button-secondary button-small">Apply</button>
        </form>
      )}
      {view.preset === "harness-swap" && view.checkpoints.some((c) => c.id !== null) && (
        <form method="get" action={base} className={styles.inlineForm}>
          <Keep params={kept} except="checkpoint" />
          <label htmlFor="matrix-checkpoint">Checkpoint</label>
          <select id="matrix-checkpoint" name="checkpoint" defaultValue={view.layout.checkpointId ?? undefined}>
            {view.checkpoints.filter((c) => c.id !== null).map((c) => (
              <option key={c.id} value={c.id!}>
                {c.text} ({c.harnessVersions} harness version{c.harnessVersions === 1 ? "" : "s"})
              </option>
            ))}
          </select>
          <button type="submit" className="button button-secondary button-small">Show</button>
        </form>
      )}
    </div>
  );
}
