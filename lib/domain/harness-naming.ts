// One naming of harness versions (issue 18, item 1), used by every page and API response that names a
// version. Three facts name a version and they can disagree: the label its producer gave it ("H1",
// "H1+reproduce_first"), the promotion order (the n-th accepted candidate becomes incumbent "Hn") and its
// files (two versions with the same paths, bytes, kinds and hook positions are the same harness). The rule:
//   - a version is called by its producer's label, never renamed;
//   - a version whose files equal an earlier version's says "same files as X" (X = the earliest version
//     with those files, the one that stands for them all: identical versions are shown as one);
//   - a version promoted under another label says "promoted as incumbent Hn";
//   - a version whose own label is a promotion label that went to a version with other files says
//     "incumbent Hn is Y";
// so the three never disagree silently. Pure: the rows come from db/queries/harness-naming-rows.ts.

export interface NamingVersionRow {
  id: string;
  label: string;
  createdAt: number;
  /** Insertion order: breaks ties between versions created in the same millisecond. */
  seq: number;
}

export interface NamingFileRow extends HarnessFileIdentity {
  versionId: string;
}

/**
 * What makes a file the same file: its path, its content hash, and what the harness does with it — its kind
 * and, for a hook, its lifecycle position. The same bytes run at another position are another harness (the
 * diff shows a moved hook as a change: lib/harness-diff/file-changes.ts).
 */
export interface HarnessFileIdentity {
  path: string;
  blobHash: string;
  kind: string;
  hookPosition: string | null;
}

export interface NamingPromotionRow {
  harnessVersionId: string;
  kind: "promote" | "demote";
  label: string;
}

export interface VersionName {
  id: string;
  /** The producer's label. */
  label: string;
  /** The files' identity: equal for two versions exactly when they hold the same paths with the same bytes, kinds and hook positions. */
  filesKey: string;
  /** The earliest version with the same files, when that is another version; it stands for both. */
  sameFilesAs: { id: string; label: string } | null;
  /** The version that stands for every version with these files (itself when it is the earliest). */
  representativeId: string;
  /** Promotion labels it was given that differ from its own label. */
  promotedAs: string[];
  /** Its label is a promotion label given to a version with other files: that version's label. */
  labelPromotedElsewhere: { promotionLabel: string; versionLabel: string } | null;
  /** Every disagreement in words, in a fixed order. */
  notes: string[];
  /** The label, with the notes in parentheses when there are any: "H1 (same files as H0)". */
  display: string;
}

export interface HarnessNames {
  byId: ReadonlyMap<string, VersionName>;
  /** The display name of a version; its id when the version is unknown. */
  nameOf(id: string): string;
  /** The producer's label of a version; its id when the version is unknown. */
  labelOf(id: string): string;
}

/** The files' identity of one version, from its files (path, content hash, kind, hook position) in any order. */
export function filesKey(files: ReadonlyArray<HarnessFileIdentity>): string {
  return files.map((f) => [f.path, f.blobHash, f.kind, f.hookPosition ?? ""].join("\u0000")).sort().join("\u0001");
}

function byCreation(a: NamingVersionRow, b: NamingVersionRow): number {
  return a.createdAt - b.createdAt || a.seq - b.seq;
}

export function nameHarnessVersions(input: {
  versions: readonly NamingVersionRow[];
  files: readonly NamingFileRow[];
  promotions: readonly NamingPromotionRow[];
}): HarnessNames {
  const filesOf = new Map<string, HarnessFileIdentity[]>();
  for (const f of input.files) {
    const list = filesOf.get(f.versionId) ?? [];
    list.push(f);
    filesOf.set(f.versionId, list);
  }
  const sorted = [...input.versions].sort(byCreation);
  const keyOf = new Map(sorted.map((v) => [v.id, filesKey(filesOf.get(v.id) ?? [])]));
  const labelById = new Map(sorted.map((v) => [v.id, v.label]));
  const firstWithKey = new Map<string, NamingVersionRow>();
  for (const v of sorted) if (!firstWithKey.has(keyOf.get(v.id)!)) firstWithKey.set(keyOf.get(v.id)!, v);

  // Which version each promotion label went to (the first promotion that gave it).
  const promotedVersionOf = new Map<string, string>();
  const promotedAs = new Map<string, string[]>();
  for (const p of input.promotions) {
    if (p.kind !== "promote") continue;
    if (!promotedVersionOf.has(p.label)) promotedVersionOf.set(p.label, p.harnessVersionId);
    const own = labelById.get(p.harnessVersionId);
    const list = promotedAs.get(p.harnessVersionId) ?? [];
    if (own !== p.label && !list.includes(p.label)) list.push(p.label);
    promotedAs.set(p.harnessVersionId, list);
  }

  const byId = new Map<string, VersionName>();
  for (const v of sorted) {
    const key = keyOf.get(v.id)!;
    const first = firstWithKey.get(key)!;
    const sameFilesAs = first.id === v.id ? null : { id: first.id, label: first.label };
    const promotedElsewhereId = promotedVersionOf.get(v.label);
    const labelPromotedElsewhere =
      promotedElsewhereId !== undefined && promotedElsewhereId !== v.id && keyOf.get(promotedElsewhereId) !== key
        ? { promotionLabel: v.label, versionLabel: labelById.get(promotedElsewhereId) ?? promotedElsewhereId }
        : null;
    const as = promotedAs.get(v.id) ?? [];
    const notes = [
      ...(sameFilesAs ? [`same files as ${sameFilesAs.label}`] : []),
      ...as.map((label) => `promoted as incumbent ${label}`),
      ...(labelPromotedElsewhere ? [`incumbent ${labelPromotedElsewhere.promotionLabel} is ${labelPromotedElsewhere.versionLabel}`] : []),
    ];
    byId.set(v.id, {
      id: v.id, label: v.label, filesKey: key, sameFilesAs, representativeId: first.id, promotedAs: as, labelPromotedElsewhere, notes,
      display: notes.length === 0 ? v.label : `${v.label} (${notes.join("; ")})`,
    });
  }
  return {
    byId,
    nameOf: (id) => byId.get(id)?.display ?? id,
    labelOf: (id) => byId.get(id)?.label ?? id,
  };
}

/**
 * How a promotion reads, naming the version that was promoted: "promoted to incumbent H2" when the
 * promotion's label is the version's own, else "promoted to incumbent H1+reproduce_first (numbered H2 in
 * promotion order)". A demotion names what it takes back the same way.
 */
export function promotionSubject(p: { kind: "promote" | "demote"; label: string; harnessVersionId: string }, names: HarnessNames): string {
  return promotionSubjectText(p.label, names.labelOf(p.harnessVersionId));
}

/** The same from the two labels alone, for a reader that has the promoted version's label at hand (the home page). */
export function promotionSubjectText(promotionLabel: string, versionLabel: string): string {
  return versionLabel === promotionLabel ? versionLabel : `${versionLabel} (numbered ${promotionLabel} in promotion order)`;
}

/**
 * The incumbent in words, every page the same: a promoted one by its own label with the promotion order's
 * number beside it when that differs ("H1+refuse_unhelpful_edit (numbered H1 in promotion order)"); the
 * initial version, never promoted, by its own label alone.
 */
export function incumbentSubject(incumbent: { label: string; versionLabel: string; proposalId: string | null }): string {
  return incumbent.proposalId ? promotionSubjectText(incumbent.label, incumbent.versionLabel) : incumbent.versionLabel;
}

/** A promotion or demotion in words, every page the same: "promoted to incumbent X", "demoted (X taken back)". */
export function promotionPhrase(kind: "promote" | "demote", subject: string): string {
  return kind === "promote" ? `promoted to incumbent ${subject}` : `demoted (${subject} taken back)`;
}

/**
 * A diff's heading names the two versions it compares by their labels, base first: "H1 → H1+refuse_unhelpful_edit".
 * Never a role ("the incumbent") alone: the roles move on after a decision while the diff stays between these two.
 */
export function diffHeading(base: { label: string }, candidate: { label: string }): string {
  return `${base.label} → ${candidate.label}`;
}
