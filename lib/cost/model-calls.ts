// The calls to the other models an experiment made besides its rollouts, as the store records them:
// teacher 2 writes one proposal per call (its tool/hook changes), teacher 1 one skill text per call, and the
// engineer one patch per call (each patch is evaluated once on its batch). Pure.
import type { TableData } from "../tables/table-data";

export interface CallCounts {
  /** Proposals of kind tool_hook: one teacher-2 call each. */
  teacherProposals: number;
  /** Skill texts: one teacher-1 call each. */
  teacherSkills: number;
  /** Patch evaluations: one engineer call (one sampled patch) each. */
  engineerPatches: number;
  /** Failure packets handed to the engineer (context: K patches are sampled per packet). */
  failurePackets: number;
}

export interface CallRow {
  key: keyof CallCounts;
  label: string;
  model: string;
  count: number;
  note: string;
}

export function callRows(c: CallCounts): CallRow[] {
  return [
    { key: "teacherProposals", label: "Proposals", model: "teacher 2", count: c.teacherProposals, note: "one call per tool/hook proposal" },
    { key: "teacherSkills", label: "Skill texts", model: "teacher 1", count: c.teacherSkills, note: "one call per skill written" },
    { key: "engineerPatches", label: "Patches", model: "engineer", count: c.engineerPatches, note: "one call per patch sampled and evaluated" },
    { key: "failurePackets", label: "Failure packets", model: "engineer input", count: c.failurePackets, note: "batches of failures the patches were sampled for" },
  ];
}

export function callsTable(c: CallCounts): TableData {
  return { columns: ["Produced", "Model", "Count", "Counted as"], rows: callRows(c).map((r) => [r.label, r.model, r.count, r.note]) };
}
