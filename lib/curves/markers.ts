// The moments a training curve must be read against: where the incumbent harness changed (HarnessAdapt-RL
// evolves it between epochs, so a jump in pass rate at that step may be the harness, not the policy) and where
// an epoch began. Derived from the steps' train rollouts (their harness version) and the steps' epochs.

export interface VersionInfo {
  id: string;
  label: string;
  parentId: string | null;
  parentLabel: string | null;
  origin: string;
  /** harness_versions.origin_proposal_id: the proposal whose acceptance produced it. */
  originProposalId: string | null;
  description: string | null;
}

export interface HarnessMarker {
  kind: "harness";
  step: number;
  /** The version the run came from: the new version's parent, else the version of the step before. */
  fromVersionId: string | null;
  fromLabel: string | null;
  toVersionId: string;
  toLabel: string;
  proposalId: string | null;
  origin: string;
  description: string | null;
}

export interface EpochMarker {
  kind: "epoch";
  step: number;
  epoch: number;
}

/**
 * A marker where the steps' harness version changes, and one at the first step for a version that has a
 * parent (a run that starts on H1 says "H0 → H1 at step 0"; one that starts on H0 says nothing).
 * Steps must be in step order; steps without a version are skipped.
 */
export function harnessMarkers(
  steps: ReadonlyArray<{ step: number; harnessVersionId: string | null }>,
  versions: ReadonlyMap<string, VersionInfo>,
): HarnessMarker[] {
  const markers: HarnessMarker[] = [];
  let previous: string | null = null;
  let first = true;
  for (const s of steps) {
    const id = s.harnessVersionId;
    if (id === null || id === previous) continue;
    const version = versions.get(id);
    const before = previous === null ? null : versions.get(previous) ?? null;
    const fromVersionId = version?.parentId ?? previous;
    const fromLabel = version?.parentId ? version.parentLabel : before?.label ?? previous;
    if (!first || fromVersionId !== null) {
      markers.push({
        kind: "harness", step: s.step, fromVersionId, fromLabel,
        toVersionId: id, toLabel: version?.label ?? id,
        proposalId: version?.originProposalId ?? null, origin: version?.origin ?? "unknown", description: version?.description ?? null,
      });
    }
    first = false;
    previous = id;
  }
  return markers;
}

/**
 * A marker at each step whose epoch differs from the epoch of the step before it, from two columns in step
 * order (a run's training steps, or one of its series); unknown epochs are skipped.
 */
export function epochMarkers(steps: readonly number[], epochs: ReadonlyArray<number | null>): EpochMarker[] {
  const markers: EpochMarker[] = [];
  let previous: number | null = null;
  for (let i = 0; i < steps.length; i++) {
    const epoch = epochs[i];
    if (epoch === null) continue;
    if (previous !== null && epoch !== previous) markers.push({ kind: "epoch", step: steps[i], epoch });
    previous = epoch;
  }
  return markers;
}

/** "H0 → H1", or just "H1" when nothing is known of where it came from. */
export function harnessMarkerLabel(m: Pick<HarnessMarker, "fromLabel" | "toLabel">): string {
  return m.fromLabel ? `${m.fromLabel} → ${m.toLabel}` : m.toLabel;
}
