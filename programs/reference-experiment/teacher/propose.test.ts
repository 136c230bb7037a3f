import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import type { ProblemCount, ProblemKind, ProblemReport } from "./classify-problems";
import { COMPONENTS } from "../harness/components";
import { demoConfig } from "../run/demo-config";
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

  it("proposes refuse_unhelpful_edit first for wrong localisation, except where the configuration withholds it (the small size)", () => {
    expect(remediesFor("wrong_localisation")[0]).toBe("refuse_unhelpful_edit");
    const wrongLine = report([["wrong_localisation", 30, 25]]);
    const picks = (withheld?: string[]) => Array.from({ length: 40 }, (_, seed) =>
      proposeChange({ problems: wrongLine, incumbentComponents: [], history: [], rng: createRng(seed), withheld })!.componentIds[0]);
    expect(picks()).toContain("refuse_unhelpful_edit");
    expect(picks(demoConfig("small", 1).teacherWithholds)).not.toContain("refuse_unhelpful_edit");
    expect(demoConfig("default", 1).teacherWithholds).toEqual([]);
    // Withheld as a follow-up too: a rejected idea comes back joined with the next remedy instead.
    const history: ProposalHistoryEntry[] = [{ componentIds: ["reproduce_first"], accepted: false, proposalId: "p0" }];
    const revision = proposeChange({ problems: wrongLine, incumbentComponents: [], history, rng: createRng(1), followUps: "problems", withheld: ["refuse_unhelpful_edit"] })!;
    expect(revision.componentIds).toEqual(["reproduce_first", "inject_test_status"]);
    expect(proposeChange({ problems: wrongLine, incumbentComponents: [], history, rng: createRng(1), followUps: "problems" })!.componentIds)
      .toEqual(["reproduce_first", "refuse_unhelpful_edit"]);
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

describe("proposeChange with followUps \"problems\": a revision follows the checkpoint's classified problems", () => {
  const rejectedVerify = [{ componentIds: ["verify_before_submit"], accepted: false, proposalId: "p1" }];
  // Submitting unverified is seen in the most failed rollouts: its next remedy joins the rejected idea.
  const submitFirst = report([["submit_without_verification", 17, 12], ["too_much_output", 9, 6]]);
  // Same problems, but too much output now shows in more failed rollouts than submitting unverified.
  const outputFirst = report([["too_much_output", 16, 14], ["submit_without_verification", 17, 12]]);

  it("adds the first remedy of the problem in most failed rollouts, not the partner table's pick", () => {
    const p = proposeChange({ problems: submitFirst, incumbentComponents: [], history: rejectedVerify, rng: createRng(2), followUps: "problems" })!;
    expect(p.componentIds).toEqual(["verify_before_submit", "report_failures_before_submit"]);
    expect(p.parentProposalId).toBe("p1");
    expect(p.rationale).toContain("Chosen for the problem in most failed rollouts of the current checkpoint: 12 of 20 submitted without running the tests after the last edit");

    const q = proposeChange({ problems: outputFirst, incumbentComponents: [], history: rejectedVerify, rng: createRng(2), followUps: "problems" })!;
    expect(q.componentIds).toEqual(["verify_before_submit", "truncate_long_output"]);
    expect(q.problem).toBe("submit_without_verification");
    expect(q.rationale).toContain("14 of 20 received observations too long for the context window");
    expect(q.evidence.slice(0, 4)).toEqual(["submit_without_verification-0", "submit_without_verification-1", "submit_without_verification-2", "submit_without_verification-3"]);
    expect(q.evidence.slice(4)).toEqual(["too_much_output-0", "too_much_output-1", "too_much_output-2", "too_much_output-3"]);
  });

  it("ranks by failed rollouts even when the report lists the problems in another order", () => {
    const unsorted = report([["submit_without_verification", 17, 12], ["too_much_output", 16, 14]]);
    const p = proposeChange({ problems: unsorted, incumbentComponents: [], history: rejectedVerify, rng: createRng(2), followUps: "problems" })!;
    expect(p.componentIds).toEqual(["verify_before_submit", "truncate_long_output"]);
  });

  it("skips remedies already in the incumbent or rejected before", () => {
    const history = [{ componentIds: ["aggressive_output_truncation"], accepted: false, proposalId: "p0" }, ...rejectedVerify];
    const incumbent = remediesFor("too_much_output").filter((c) => c !== "aggressive_output_truncation");
    expect(incumbent).toContain("truncate_long_output");
    const p = proposeChange({ problems: outputFirst, incumbentComponents: incumbent, history, rng: createRng(2), followUps: "problems" })!;
    // too_much_output has no remedy left (all in the incumbent but one, rejected): the next problem's next remedy.
    expect(p.componentIds).toEqual(["verify_before_submit", "report_failures_before_submit"]);
  });

  it("uses the partner table when the switch is off (the small size)", () => {
    for (const problems of [submitFirst, outputFirst]) {
      expect(proposeChange({ problems, incumbentComponents: [], history: rejectedVerify, rng: createRng(2), followUps: "partners" })!.componentIds)
        .toEqual(["verify_before_submit", "view_diff"]);
      expect(proposeChange({ problems, incumbentComponents: [], history: rejectedVerify, rng: createRng(2) })!.componentIds)
        .toEqual(["verify_before_submit", "view_diff"]);
    }
  });
});

describe("demoConfig: the teacher's follow-ups", () => {
  it("follow the classified problems at the default size and the partner table at the small size, unless the run asks", () => {
    expect(demoConfig("default", 1).teacherFollowUps).toBe("problems");
    expect(demoConfig("small", 1).teacherFollowUps).toBe("partners");
    expect(demoConfig("default", 1, { teacher: "partners" }).teacherFollowUps).toBe("partners");
    expect(demoConfig("small", 1, { teacher: "problems" }).teacherFollowUps).toBe("problems");
  });
});

describe("proposeChange with revisions \"swap\": a rejected idea's partner is replaced, never stacked", () => {
  const problems = report([["submit_without_verification", 17, 12], ["too_much_output", 9, 6]]);
  const swap = (history: ProposalHistoryEntry[], incumbentComponents: string[] = []) =>
    proposeChange({ problems, incumbentComponents, history, rng: createRng(2), followUps: "problems", revisions: "swap", revisionsPerIdea: 2 });

  it("joins the rejected idea with one remedy, then replaces that remedy when the pair is rejected too", () => {
    const first = swap([{ componentIds: ["verify_before_submit"], accepted: false, proposalId: "p1" }])!;
    expect(first.componentIds).toEqual(["verify_before_submit", "report_failures_before_submit"]);
    const second = swap([
      { componentIds: ["verify_before_submit"], accepted: false, proposalId: "p1" },
      { componentIds: ["verify_before_submit", "report_failures_before_submit"], accepted: false, proposalId: "p2" },
    ])!;
    // Two components, not three: report_failures_before_submit was rejected with it and is replaced.
    expect(second.componentIds).toEqual(["verify_before_submit", "run_related_tests"]);
    expect(second.parentProposalId).toBe("p2");
    expect(second.rationale).toContain("Its revision p2 with report_failures_before_submit was rejected too: report_failures_before_submit is replaced, not kept.");
    // The stacking teacher (the small size) grows the same history to three components.
    expect(proposeChange({ problems, incumbentComponents: [], history: [
      { componentIds: ["verify_before_submit"], accepted: false, proposalId: "p1" },
      { componentIds: ["verify_before_submit", "report_failures_before_submit"], accepted: false, proposalId: "p2" },
    ], rng: createRng(2), followUps: "problems" })!.componentIds).toHaveLength(3);
  });

  it("drops an idea after its revisions are spent and proposes a new one", () => {
    const history: ProposalHistoryEntry[] = [
      { componentIds: ["verify_before_submit"], accepted: false, proposalId: "p1" },
      { componentIds: ["verify_before_submit", "report_failures_before_submit"], accepted: false, proposalId: "p2" },
      { componentIds: ["verify_before_submit", "run_related_tests"], accepted: false, proposalId: "p3" },
    ];
    const next = swap(history)!;
    expect(next.componentIds).toHaveLength(1);
    expect(next.componentIds[0]).not.toBe("verify_before_submit");
    expect(next.parentProposalId).toBeUndefined();
  });
});

describe("the teacher and truncation", () => {
  it("proposes the remedies of rollouts that ran out of turns when it counts them (the default size)", () => {
    expect(remediesFor("ran_out_of_turns").slice(0, 2)).toEqual(["submit_at_turn_limit", "stall_recovery"]);
    const p = proposeChange({ problems: report([["ran_out_of_turns", 12, 12]]), incumbentComponents: [], history: [], rng: createRng(3) })!;
    expect(remediesFor("ran_out_of_turns")).toContain(p.componentIds[0]);
    expect(p.rationale).toContain("12 (30 %) ran out of turns without submitting");
    expect(demoConfig("default", 1).teacherSeesTruncation).toBe(true);
    expect(demoConfig("small", 1).teacherSeesTruncation).toBe(false);
  });
});
