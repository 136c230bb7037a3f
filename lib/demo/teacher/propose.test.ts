import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import type { ProblemCount, ProblemKind, ProblemReport } from "./classify-problems";
import { COMPONENTS } from "../harness/components";
import { proposeChange, remediesFor, TEACHER_COMPONENT_IDS, type ProposalHistoryEntry } from "./propose";

function report(counts: Array<[ProblemKind, number, number]>, episodes = 40): ProblemReport {
  const problems: ProblemCount[] = counts.map(([kind, n, failed]) => ({
    kind, episodes: n, failedEpisodes: failed, occurrences: n + 1, evidence: Array.from({ length: n }, (_, k) => `${kind}-${k}`),
  }));
  return { episodes, failedEpisodes: 20, problems, byEpisode: {} };
}

const typical = report([["submit_without_verification", 17, 12], ["too_much_output", 9, 6], ["failed_edit_command", 5, 2]]);

describe("proposeChange", () => {
  it("addresses the top problem with a rationale quoting the real counts and the evidence", () => {
    const p = proposeChange({ problems: typical, incumbentComponents: [], history: [], rng: createRng(1) })!;
    expect(p.problem).toBe("submit_without_verification");
    expect(["verify_before_submit", "report_failures_before_submit", "run_related_tests"]).toContain(p.componentIds[0]);
    expect(p.rationale).toContain("In 40 recent rollouts, 17 (43 %) submitted without running the tests after the last edit (18 occurrences); 12 of them failed.");
    expect(p.evidence).toEqual(Array.from({ length: 8 }, (_, k) => `submit_without_verification-${k}`));
    expect(p.parentProposalId).toBeUndefined();
  });

  it("draws remedies from the harness catalogue, the teacher's first ideas first", () => {
    expect(remediesFor("submit_without_verification").slice(0, 3)).toEqual(["verify_before_submit", "report_failures_before_submit", "run_related_tests"]);
    for (const kind of ["failed_edit_command", "submit_without_verification", "too_much_output", "wrong_localisation", "stalled", "symptom_only_patch"] as const) {
      const remedies = remediesFor(kind);
      expect(remedies.length).toBeGreaterThan(0);
      for (const id of remedies) expect(TEACHER_COMPONENT_IDS).toContain(id);
      for (const c of COMPONENTS.filter((x) => x.addresses.includes(kind))) expect(remedies).toContain(c.id);
    }
    const p = proposeChange({ problems: report([["failed_edit_command", 5, 2]]), incumbentComponents: [], history: [], rng: createRng(1) })!;
    expect(p.componentIds).toEqual(["refuse_malformed_edit"]);
    expect(p.rationale).toContain(COMPONENTS.find((c) => c.id === "refuse_malformed_edit")!.rationale);
  });

  it("is reproducible per seed", () => {
    const a = proposeChange({ problems: typical, incumbentComponents: [], history: [], rng: createRng(5) });
    const b = proposeChange({ problems: typical, incumbentComponents: [], history: [], rng: createRng(5) });
    expect(a).toEqual(b);
  });

  it("never proposes a component the incumbent already has, nor a set tried before", () => {
    for (let seed = 0; seed < 200; seed++) {
      const rng = createRng(seed);
      const incumbent = rng.shuffle(TEACHER_COMPONENT_IDS).slice(0, rng.int(6));
      const history: ProposalHistoryEntry[] = rng.shuffle(TEACHER_COMPONENT_IDS).slice(0, rng.int(4))
        .map((id, k) => ({ componentIds: [id], accepted: false, proposalId: `p${k}` }));
      const p = proposeChange({ problems: typical, incumbentComponents: incumbent, history, rng });
      if (!p) continue;
      for (const id of p.componentIds) expect(incumbent).not.toContain(id);
      const key = [...p.componentIds].sort().join("+");
      expect(history.map((h) => [...h.componentIds].sort().join("+"))).not.toContain(key);
    }
  });

  it("brings a rejected idea back joined with a partner, naming it as the parent", () => {
    const history = [{ componentIds: ["verify_before_submit"], accepted: false, proposalId: "prop-3" }];
    const p = proposeChange({ problems: typical, incumbentComponents: ["truncate_long_output"], history, rng: createRng(2) })!;
    expect(p.componentIds).toEqual(["verify_before_submit", "view_diff"]);
    expect(p.parentProposalId).toBe("prop-3");
    expect(p.title).toContain("revision of prop-3");
    expect(p.rationale).toContain("Proposal prop-3 (verify_before_submit) addressed this and was rejected");
  });

  it("tries the next partner when the first revision was also rejected", () => {
    const history = [
      { componentIds: ["verify_before_submit"], accepted: false, proposalId: "p1" },
      { componentIds: ["verify_before_submit", "view_diff"], accepted: false, proposalId: "p2" },
    ];
    const p = proposeChange({ problems: typical, incumbentComponents: [], history, rng: createRng(2) })!;
    expect(p.parentProposalId).toBe("p2");
    expect(p.componentIds).toEqual(["verify_before_submit", "view_diff", "run_related_tests"]);
  });

  it("does not revise an idea whose problem is no longer among the top two", () => {
    const history = [{ componentIds: ["refuse_malformed_edit"], accepted: false, proposalId: "p1" }];
    const p = proposeChange({ problems: typical, incumbentComponents: [], history, rng: createRng(2) })!;
    expect(p.parentProposalId).toBeUndefined();
    expect(p.problem).toBe("submit_without_verification");
  });

  it("moves on to the next problem when the top one has no remedy left, and returns null when nothing is left", () => {
    const incumbent = remediesFor("submit_without_verification");
    const p = proposeChange({ problems: typical, incumbentComponents: incumbent, history: [], rng: createRng(3) })!;
    expect(p.problem).toBe("too_much_output");
    const all = proposeChange({ problems: typical, incumbentComponents: TEACHER_COMPONENT_IDS, history: [], rng: createRng(3) });
    expect(all).toBeNull();
    expect(proposeChange({ problems: report([]), incumbentComponents: [], history: [], rng: createRng(3) })).toBeNull();
  });

  it("sometimes proposes the plausible-but-harmful alternative", () => {
    const output = report([["too_much_output", 10, 8]]);
    const picks = new Set<string>();
    for (let seed = 0; seed < 50; seed++) {
      picks.add(proposeChange({ problems: output, incumbentComponents: [], history: [], rng: createRng(seed) })!.componentIds[0]);
    }
    expect(picks).toContain("truncate_long_output");
    expect(picks).toContain("aggressive_output_truncation");
    for (const id of picks) expect(remediesFor("too_much_output")).toContain(id);
  });
});
