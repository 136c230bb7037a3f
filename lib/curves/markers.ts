// The moments a training curve must be read against: where the incumbent harness changed (HarnessAdapt-RL
// evolves it between epochs, so a jump in pass rate at that step may be the harness, not the policy) and where
// an epoch began. Derived from the steps' train rollouts (their harness version and its files) and the steps'
// epochs; versions are named as lib/domain/harness-naming.ts says.

export interface VersionInfo {
  id: string;
  label: string;
  parentId: string | null;
  parentLabel: string | null;
  origin: string;
  /** harness_versions.origin_proposal_id: the proposal whose acceptance produced it. */
  originProposalId: string | null;
  description: string | null;
  /** Its files' identity (lib/domain/harness-naming.ts filesKey); without it, versions differ by id. */
  filesKey?: string;
  /** Its name in the one naming (lib/domain/harness-naming.ts), e.g. "H1 (same files as H0)"; else its label. */
  name?: string;
}

export interface HarnessMarker {
  kind: "harness";
  step: number;
  /** The version of the run's step before this one. */
  fromVersionId: string | null;
  /** Producer labels, short enough for the chart. */
  fromLabel: string | null;
  toVersionId: string;
  toLabel: string;
  /** Names in the one naming (with "same files as …" where that applies), for the list and the chart's text. */
  fromName: string | null;
  toName: string;
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
 * A marker where the run's files change: at a step whose harness version holds other files than the version
 * of the run's step before it. Never at the run's first step (nothing changed within the run there: a run
 * started, or relaunched, on H2 trained on H2 throughout), never between two versions with the same files
 * (H1 recorded with H0's files is no change). Steps must be in step order; steps without a version are skipped.
 */
export function harnessMarkers(
  steps: ReadonlyArray<{ step: number; harnessVersionId: string | null }>,
  versions: ReadonlyMap<string, VersionInfo>,
): HarnessMarker[] {
  const markers: HarnessMarker[] = [];
  let previous: string | null = null;
  const filesOf = (id: string) => versions.get(id)?.filesKey ?? `id:${id}`;
  for (const s of steps) {
    const id = s.harnessVersionId;
    if (id === null || id === previous) continue;
    if (previous !== null && filesOf(previous) !== filesOf(id)) {
      const version = versions.get(id);
      const before = versions.get(previous);
      markers.push({
        kind: "harness", step: s.step, fromVersionId: previous, fromLabel: before?.label ?? previous,
        toVersionId: id, toLabel: version?.label ?? id,
        fromName: before?.name ?? before?.label ?? previous, toName: version?.name ?? version?.label ?? id,
        proposalId: version?.originProposalId ?? null, origin: version?.origin ?? "unknown", description: version?.description ?? null,
      });
    }
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

/** "H0 → H1" (producer labels, for the chart), or just "H1" when nothing is known of where it came from. */
export function harnessMarkerLabel(m: Pick<HarnessMarker, "fromLabel" | "toLabel">): string {
  return m.fromLabel ? `${m.fromLabel} → ${m.toLabel}` : m.toLabel;
}

/** The same in the one naming: "H1 (same files as H0) → H2", for the list under the chart and its text. */
export function harnessMarkerName(m: Pick<HarnessMarker, "fromName" | "toName" | "fromLabel" | "toLabel">): string {
  const from = m.fromName ?? m.fromLabel;
  const to = m.toName ?? m.toLabel;
  return from ? `${from} → ${to}` : to;
}
