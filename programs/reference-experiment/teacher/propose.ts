// Teacher 2's second job: turn the counted problems into one proposal — a set of harness components to
// add — with a rationale written from the counts and the evidence rollouts. The teacher is a heuristic
// reader, not an oracle: it maps each problem to the catalogue components that plausibly address it
// (harness/components.ts), including plausible-but-harmful ones, and leaves the verdict to the paired
// comparison and the acceptance rule.
//
// Lineage: an idea that was rejected may come back joined with a partner component (the paper's review
// hook, rejected, later merged with view_diff and accepted). A revision is preferred while its problem is
// still among the top two, and it names the rejected proposal as its parent. Never proposed: a component
// the incumbent harness already has, or exactly a set that was tried before. What joins the rejected idea
// comes either from the current checkpoint's classified problems (followUps "problems": a remedy of the
// problem seen in most failed rollouts, skipping components in the incumbent or rejected before) or from
// the scripted PARTNERS table (followUps "partners", the small size's data were written with it).
import { COMPONENTS, type HarnessComponent } from "../harness/components";
import type { Rng } from "../random";
import type { ProblemCount, ProblemKind, ProblemReport } from "./classify-problems";

/** The harness catalogue (harness/components.ts): ids, titles, and what each is expected to do. */
const CATALOGUE = new Map<string, HarnessComponent>(COMPONENTS.map((c) => [c.id, c]));
export const TEACHER_COMPONENT_IDS: readonly string[] = COMPONENTS.map((c) => c.id);

/**
 * The teacher's first ideas per problem, in order; after them come the other catalogue components
 * that say they address the problem. Ids missing from the catalogue are skipped.
 */
const PREFERRED: Record<ProblemKind, readonly string[]> = {
  failed_edit_command: ["refuse_malformed_edit"],
  submit_without_verification: ["verify_before_submit", "report_failures_before_submit", "run_related_tests"],
  too_much_output: ["truncate_long_output", "aggressive_output_truncation"],
  wrong_localisation: ["refuse_unhelpful_edit", "reproduce_first", "inject_test_status", "run_related_tests"],
  stalled: ["stall_recovery", "inject_test_status"],
  symptom_only_patch: ["report_failures_before_submit", "run_related_tests", "view_diff", "verify_before_submit"],
  ran_out_of_turns: ["submit_at_turn_limit", "stall_recovery", "auto_submit_on_green"],
};

export function remediesFor(kind: ProblemKind): string[] {
  const preferred = PREFERRED[kind].filter((id) => CATALOGUE.has(id));
  const others = COMPONENTS.filter((c) => c.addresses.includes(kind) && !preferred.includes(c.id)).map((c) => c.id);
  return [...preferred, ...others];
}

/** What a rejected component may be joined with when it comes back (the paper: review hook + view_diff). */
const PARTNERS: Record<string, readonly string[]> = {
  verify_before_submit: ["view_diff", "run_related_tests"],
  report_failures_before_submit: ["run_related_tests", "view_diff"],
  run_related_tests: ["report_failures_before_submit"],
  refuse_malformed_edit: ["inject_test_status"],
  truncate_long_output: ["inject_test_status"],
  aggressive_output_truncation: ["inject_test_status"],
  stall_recovery: ["inject_test_status", "reproduce_first"],
  inject_test_status: ["reproduce_first"],
  reproduce_first: ["run_related_tests"],
  view_diff: ["verify_before_submit"],
  localize_before_edit: ["reproduce_first", "refuse_malformed_edit"],
  auto_submit_on_green: ["report_failures_before_submit", "run_related_tests"],
};

const describeComponent = (id: string) => {
  const c = CATALOGUE.get(id);
  return c ? `${id} — ${c.title}. ${c.rationale}` : id;
};

const PROBLEM_WORDS: Record<ProblemKind, string> = {
  failed_edit_command: "issued edits that did not apply",
  submit_without_verification: "submitted without running the tests after the last edit",
  too_much_output: "received observations too long for the context window",
  wrong_localisation: "edited lines that no test failure or search result pointed at",
  stalled: "went several turns without progress",
  symptom_only_patch: "submitted a patch that passed the visible tests but failed hidden ones",
  ran_out_of_turns: "ran out of turns without submitting",
};

export interface ProposalHistoryEntry {
  componentIds: string[];
  accepted: boolean;
  proposalId: string;
}

export interface ProposalDescription {
  componentIds: string[];
  title: string;
  /** The problem kind this proposal addresses. */
  problem: ProblemKind;
  rationale: string;
  /** Rollout ids showing the problem. */
  evidence: string[];
  parentProposalId?: string;
}

export interface ProposeInput {
  problems: ProblemReport;
  incumbentComponents: readonly string[];
  history: readonly ProposalHistoryEntry[];
  rng: Rng;
  /** Evidence ids quoted in the proposal. Default 8. */
  evidenceLimit?: number;
  /** Where a revision's added component comes from (see the header). Default "partners". */
  followUps?: FollowUpSource;
  /** Catalogue components this teacher never proposes (the small size's, added after its data were written). */
  withheld?: readonly string[];
  /** How a rejected idea comes back (DemoConfig.teacherRevisions): default "stack". */
  revisions?: "swap" | "stack";
  /** With "swap": the revisions one idea gets before it is dropped. Default 2. */
  revisionsPerIdea?: number;
}

export type FollowUpSource = "problems" | "partners";

interface FollowUp {
  component: string;
  /** Set when the component was chosen for a classified problem: that problem. */
  problem?: ProblemCount;
}

/**
 * The component to add to a rejected idea, following the classified problems: the problems ranked by the
 * failed rollouts showing them (then all rollouts showing them), the first remedy of the first problem that
 * has one not in the incumbent, not part of any rejected proposal and making a set not tried before.
 */
export function followUpFromProblems(
  problems: readonly ProblemCount[], rejected: readonly string[], rejectedBefore: ReadonlySet<string>, fresh: (ids: readonly string[]) => boolean,
): FollowUp | null {
  const ranked = problems.filter((p) => p.failedEpisodes > 0)
    .map((p, k) => ({ p, k }))
    .sort((a, b) => b.p.failedEpisodes - a.p.failedEpisodes || b.p.episodes - a.p.episodes || a.k - b.k)
    .map(({ p }) => p);
  for (const problem of ranked) {
    const component = remediesFor(problem.kind)
      .find((c) => !rejected.includes(c) && !rejectedBefore.has(c) && fresh([...rejected, c]));
    if (component) return { component, problem };
  }
  return null;
}

function followUpFromPartners(rejected: readonly string[], fresh: (ids: readonly string[]) => boolean): FollowUp | null {
  const component = rejected
    .flatMap((id) => PARTNERS[id] ?? [])
    .filter((p) => CATALOGUE.has(p) && !rejected.includes(p))
    .find((p) => fresh([...rejected, p]));
  return component ? { component } : null;
}

/** A revision's evidence: its problem's, and when the partner was chosen for another problem, half of each. */
function revisionEvidence(problem: ProblemCount, followUp: FollowUp, limit: number): string[] {
  return followUp.problem && followUp.problem.kind !== problem.kind
    ? [...new Set([...problem.evidence.slice(0, Math.ceil(limit / 2)), ...followUp.problem.evidence])]
    : problem.evidence;
}

const setKey = (ids: readonly string[]) => [...new Set(ids)].sort().join("+");
const pct = (n: number, d: number) => `${d === 0 ? 0 : Math.round((100 * n) / d)} %`;

function describeCounts(p: ProblemCount, total: number): string {
  return `In ${total} recent rollouts, ${p.episodes} (${pct(p.episodes, total)}) ${PROBLEM_WORDS[p.kind]}`
    + ` (${p.occurrences} occurrence${p.occurrences === 1 ? "" : "s"}); ${p.failedEpisodes} of them failed.`;
}

/** One component: its catalogue title; a set: the ids joined. */
function titleOf(ids: readonly string[]): string {
  return ids.length === 1 ? (CATALOGUE.get(ids[0])?.title ?? ids[0]) : ids.join(" + ");
}

/** Weighted pick: the first remedy is the teacher's favourite, later ones are less likely. */
function pickWeighted<T>(items: readonly T[], rng: Rng): T {
  const weights = items.map((_, k) => 1 / (k + 1));
  let u = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let k = 0; k < items.length; k++) {
    u -= weights[k];
    if (u < 0) return items[k];
  }
  return items[items.length - 1];
}

export function proposeChange(input: ProposeInput): ProposalDescription | null {
  const { problems, rng } = input;
  const limit = input.evidenceLimit ?? 8;
  const incumbent = new Set(input.incumbentComponents);
  const tried = new Set(input.history.map((h) => setKey(h.componentIds)));
  const withheld = new Set(input.withheld ?? []);
  const fresh = (ids: readonly string[]) => ids.every((id) => !incumbent.has(id) && !withheld.has(id)) && !tried.has(setKey(ids));
  const present = problems.problems.filter((p) => p.episodes > 0);
  const total = problems.episodes;

  // 1. A revision of a rejected idea, most recent first, while its problem is still among the top two.
  const top = present.slice(0, 2);
  const rejectedHistory = input.history.filter((h) => !h.accepted);
  const rejectedBefore = new Set(rejectedHistory.flatMap((h) => h.componentIds));
  if (input.revisions === "swap") {
    const revision = swapRevision(input, { present, top, rejectedHistory, rejectedBefore, fresh, total, limit, incumbent });
    if (revision) return revision;
  } else for (const rejected of [...rejectedHistory].reverse()) {
    const problem = top.find((p) => remediesFor(p.kind).some((c) => rejected.componentIds.includes(c)));
    if (!problem || rejected.componentIds.some((id) => incumbent.has(id))) continue;
    const followUp = input.followUps === "problems"
      ? followUpFromProblems(present, rejected.componentIds, rejectedBefore, fresh)
      : followUpFromPartners(rejected.componentIds, fresh);
    if (!followUp) continue;
    const { component: partner } = followUp;
    const componentIds = [...rejected.componentIds, partner];
    const why = followUp.problem
      ? [`Chosen for the problem in most failed rollouts of the current checkpoint: ${followUp.problem.failedEpisodes} of ${problems.failedEpisodes} ${PROBLEM_WORDS[followUp.problem.kind]}; its first remedy not in the harness nor rejected before.`]
      : [];
    const evidence = revisionEvidence(problem, followUp, limit);
    return {
      componentIds,
      title: `${titleOf(componentIds)} (revision of ${rejected.proposalId})`,
      problem: problem.kind,
      rationale: [
        describeCounts(problem, total),
        `Proposal ${rejected.proposalId} (${rejected.componentIds.join(", ")}) addressed this and was rejected; the problem persists.`,
        `This revision keeps ${rejected.componentIds.join(" + ")} and adds ${describeComponent(partner)}`,
        ...why,
      ].join(" "),
      evidence: evidence.slice(0, limit),
      parentProposalId: rejected.proposalId,
    };
  }

  // 2. A new idea for the highest-ranked problem that still has an untried remedy.
  for (const problem of present) {
    const options = remediesFor(problem.kind).filter((c) => fresh([c]));
    if (options.length === 0) continue;
    const component = pickWeighted(options, rng);
    return {
      componentIds: [component],
      title: titleOf([component]),
      problem: problem.kind,
      rationale: [describeCounts(problem, total), `Proposed: ${describeComponent(component)}`].join(" "),
      evidence: problem.evidence.slice(0, limit),
    };
  }
  return null;
}

interface RevisionScope {
  present: readonly ProblemCount[];
  top: readonly ProblemCount[];
  rejectedHistory: readonly ProposalHistoryEntry[];
  rejectedBefore: ReadonlySet<string>;
  fresh: (ids: readonly string[]) => boolean;
  total: number;
  limit: number;
  incumbent: ReadonlySet<string>;
}

/**
 * "swap" revisions: a rejected idea (its first component: the idea a revision revises) comes back joined with one
 * remedy of the checkpoint's main problem; when that pair is rejected too, the partner is replaced, never stacked, and
 * after revisionsPerIdea revisions the idea is dropped. Most recently rejected idea first, while its problem is among
 * the top two.
 */
function swapRevision(input: ProposeInput, scope: RevisionScope): ProposalDescription | null {
  const perIdea = input.revisionsPerIdea ?? 2;
  const seen = new Set<string>();
  for (const rejected of [...scope.rejectedHistory].reverse()) {
    const idea = rejected.componentIds[0];
    if (seen.has(idea) || scope.incumbent.has(idea)) continue;
    seen.add(idea);
    const revisions = input.history.filter((h) => h.componentIds.length > 1 && h.componentIds[0] === idea).length;
    if (revisions >= perIdea) continue;
    const problem = scope.top.find((p) => remediesFor(p.kind).includes(idea));
    if (!problem) continue;
    const followUp = followUpFromProblems(scope.present, [idea], scope.rejectedBefore, scope.fresh);
    if (!followUp) continue;
    const componentIds = [idea, followUp.component];
    const original = input.history.find((h) => h.componentIds.length === 1 && h.componentIds[0] === idea) ?? rejected;
    const replaced = rejected.componentIds.length > 1 ? rejected.componentIds.slice(1) : [];
    const evidence = revisionEvidence(problem, followUp, scope.limit);
    return {
      componentIds,
      title: `${titleOf(componentIds)} (revision of ${rejected.proposalId})`,
      problem: problem.kind,
      rationale: [
        describeCounts(problem, scope.total),
        `Proposal ${original.proposalId} (${idea}) addressed this and was rejected; the problem persists.`,
        ...(replaced.length > 0 ? [`Its revision ${rejected.proposalId} with ${replaced.join(" + ")} was rejected too: ${replaced.join(" + ")} is replaced, not kept.`] : []),
        `This revision joins ${idea} with ${describeComponent(followUp.component)}`,
        ...(followUp.problem ? [`Chosen for the problem in most failed rollouts of the current checkpoint: ${followUp.problem.failedEpisodes} failed rollouts ${PROBLEM_WORDS[followUp.problem.kind]}; its first remedy not in the harness nor rejected before.`] : []),
      ].join(" "),
      evidence: evidence.slice(0, scope.limit),
      parentProposalId: rejected.proposalId,
    };
  }
  return null;
}
