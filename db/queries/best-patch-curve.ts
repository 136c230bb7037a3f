// What the Harness-R1 "best patch so far" curve is built from: every patch evaluation of the experiment with its
// packet's engineer run, the step the packet's failed rollouts name (the smallest, when they differ) and the
// proposal (patch) it belongs to. The curve itself is lib/harness-r1/best-patch-curve.ts. Server only.
import "server-only";
import type { Store } from "../client";
import type { PatchEvaluationAtStep } from "../../lib/harness-r1/best-patch-curve";

export function listPatchEvaluationsAtStep(store: Store, experimentId: string): PatchEvaluationAtStep[] {
  const rows = store.sqlite.prepare(
    `SELECT pe.id, fp.run_id AS run,
            (SELECT min(r.step) FROM failure_packet_rollouts l JOIN rollouts r ON r.id = l.rollout_id WHERE l.failure_packet_id = fp.id) AS step,
            pe.proposal_id AS patchId, p.title AS patchLabel, pe.patch_index AS patchIndex, pe.valid, pe.complete,
            pe.baseline_success AS baselineSuccess, pe.patched_success AS patchedSuccess, pe.reward
       FROM patch_evaluations pe
       JOIN failure_packets fp ON fp.id = pe.failure_packet_id
       LEFT JOIN proposals p ON p.id = pe.proposal_id
      WHERE pe.experiment_id = ?
      ORDER BY pe.rowid`,
  ).all(experimentId) as Array<Omit<PatchEvaluationAtStep, "valid" | "complete"> & { valid: number; complete: number }>;
  return rows.map((r) => ({ ...r, valid: r.valid === 1, complete: r.complete === 1 }));
}
