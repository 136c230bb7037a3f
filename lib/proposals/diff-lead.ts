// What a proposal's harness diff compares, said under its heading ("H1 → H1+refuse_unhelpful_edit"): always the
// proposal's base and its candidate, and where the experiment's incumbent stands now — the base, the candidate
// (after an accept) or another version — named by its own label (lib/domain/harness-naming.ts). Before, the diff
// was headed "From the incumbent" and still showed the old base once the candidate had become the incumbent. Pure.
import { incumbentSubject } from "../domain/harness-naming";

export interface DiffLeadInput {
  base: { id: string; label: string };
  candidate: { id: string; label: string };
  /** The experiment's incumbent now: its version, its promotion label and its own label. */
  incumbent: { harnessVersionId: string; label: string; versionLabel: string; proposalId: string | null } | null;
}

export function proposalDiffLead({ base, candidate, incumbent }: DiffLeadInput): string {
  const what = `The proposal's base ${base.label} to its candidate ${candidate.label}`;
  if (!incumbent) return `${what}.`;
  if (incumbent.harnessVersionId === base.id) return `${what}; the base is the incumbent.`;
  const name = incumbentSubject(incumbent);
  if (incumbent.harnessVersionId === candidate.id) return `${what}; the candidate is now the incumbent (${name}).`;
  return `${what}; the incumbent is now ${name}, neither of them.`;
}
