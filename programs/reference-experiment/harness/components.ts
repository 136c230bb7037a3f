// The catalogue of harness changes teacher 2 can propose: each is a set of files to add (or replace),
// named after the interaction problem it addresses (the teacher's PROBLEM_KINDS). Every component
// changes what the agent can do or see — an action it can take, a refusal that saves a turn, text that
// enters or leaves its context — never the task or the reward. Some are expected to help, some are
// trade-offs, and two sound reasonable but should hurt, so an honest comparison has something to reject.
import type { ProblemKind } from "../teacher/classify-problems";
import type { HarnessFile, HookPosition } from "./types";
import { RUN_RELATED_TESTS, VIEW_DIFF } from "./component-tools";
import {
  AGGRESSIVE_OUTPUT_TRUNCATION, AUTO_SUBMIT_ON_GREEN, INJECT_TEST_STATUS, LOCALIZE_BEFORE_EDIT, REFUSE_MALFORMED_EDIT,
  REFUSE_UNHELPFUL_EDIT, REPORT_FAILURES_BEFORE_SUBMIT, REPRODUCE_FIRST, STALL_RECOVERY, SUBMIT_AT_TURN_LIMIT, TRUNCATE_LONG_OUTPUT, VERIFY_BEFORE_SUBMIT,
} from "./component-hooks";

export interface HarnessComponent {
  id: string;
  title: string;
  kind: "tool" | "hook";
  /** For hooks: the lifecycle position. */
  position?: HookPosition;
  /** The problems it is meant to address. */
  addresses: ProblemKind[];
  /** Why it should change the outcome, in a sentence or two (the proposal's rationale starts here). */
  rationale: string;
  /** Files to add, or to replace when the path exists. */
  files: HarnessFile[];
}

const hook = (position: HookPosition, file: string, content: string): HarnessFile => ({
  path: `hooks/${position}/${file}`, kind: "hook", hookPosition: position, content,
});
const tool = (name: string, content: string): HarnessFile => ({ path: `tools/${name}.js`, kind: "tool", content });

export const COMPONENTS: readonly HarnessComponent[] = [
  {
    id: "run_related_tests",
    title: "A tool that runs the tests related to the last edit and names the one it broke",
    kind: "tool",
    addresses: ["submit_without_verification", "too_much_output", "stalled"],
    rationale: "Checking an edit costs one turn and a short output (no test code, only related tests), and a test the edit broke is named with the line, pointing the agent back at its own mistake.",
    files: [tool("run_related_tests", RUN_RELATED_TESTS)],
  },
  {
    id: "refuse_malformed_edit",
    title: "Refuse an edit whose operator does not apply to its line, listing the ones that do",
    kind: "hook",
    position: "pre_action",
    addresses: ["failed_edit_command"],
    rationale: "Without it such an edit is a failed command that spends a turn and teaches nothing; refused for format, the agent is asked again at no turn cost and learns the applicable operators of that line.",
    files: [hook("pre_action", "10-refuse_malformed_edit.js", REFUSE_MALFORMED_EDIT)],
  },
  {
    id: "truncate_long_output",
    title: "Shorten long test and search output (counts instead of passing tests, code and extra hits)",
    kind: "hook",
    position: "post_feedback",
    addresses: ["too_much_output"],
    rationale: "The context window is finite: a long report or a flood of search hits pushes the last failure message and the code listing out. Shortening the redundant parts keeps them in view.",
    files: [hook("post_feedback", "90-truncate_long_output.js", TRUNCATE_LONG_OUTPUT)],
  },
  {
    id: "stall_recovery",
    title: "After three turns without progress, rerun the tests and inject the failures with a recovery hint",
    kind: "hook",
    position: "post_feedback",
    addresses: ["stalled"],
    rationale: "A stalled agent repeats actions that give it nothing new; the injected failures restore the symptom and the hint names the next step.",
    files: [hook("post_feedback", "50-stall_recovery.js", STALL_RECOVERY)],
  },
  {
    id: "verify_before_submit",
    title: "Review hook: an untested submission becomes a test run, with a reminder",
    kind: "hook",
    position: "pre_action",
    addresses: ["submit_without_verification"],
    rationale: "Blind submissions of wrong edits become a look at the failures; the price is one turn for every untested submission, right ones included, so near the turn limit it can truncate rollouts.",
    files: [hook("pre_action", "50-verify_before_submit.js", VERIFY_BEFORE_SUBMIT)],
  },
  {
    id: "view_diff",
    title: "A tool that shows the diff of the edits so far",
    kind: "tool",
    addresses: ["submit_without_verification", "wrong_localisation"],
    rationale: "The agent can see which lines it changed (and read them again) without viewing the whole file: a short output that keeps the edited lines in context.",
    files: [tool("view_diff", VIEW_DIFF)],
  },
  {
    id: "report_failures_before_submit",
    title: "Run the visible tests before a submission; hold it back once when they fail and show the failures",
    kind: "hook",
    position: "pre_action",
    addresses: ["submit_without_verification", "symptom_only_patch"],
    rationale: "A wrong submission is turned into evidence (the failing messages) at the cost of one turn, and only when the tests fail — right submissions go through at once, unlike the review hook.",
    files: [hook("pre_action", "40-report_failures_before_submit.js", REPORT_FAILURES_BEFORE_SUBMIT)],
  },
  {
    id: "inject_test_status",
    title: "Before a decision, restore the latest test status when the agent's context lost it (or say the last edit is untested)",
    kind: "hook",
    position: "pre_decision",
    addresses: ["submit_without_verification", "too_much_output"],
    rationale: "Puts the failure message and the pass/fail state back in context after long outputs pushed the report out, and says once when an edit has not been tested; silent otherwise, since injected text also takes context room.",
    files: [hook("pre_decision", "50-inject_test_status.js", INJECT_TEST_STATUS)],
  },
  {
    id: "reproduce_first",
    title: "Run the visible tests at the start and show the failure the issue is about",
    kind: "hook",
    position: "episode_init",
    addresses: ["wrong_localisation", "stalled"],
    rationale: "The issue says which check fails but not how; starting with expected vs actual gives the agent a symptom on turn one and saves the turn it would spend to get it.",
    files: [hook("episode_init", "50-reproduce_first.js", REPRODUCE_FIRST)],
  },
  {
    id: "refuse_unhelpful_edit",
    title: "Refuse an edit that, by the visible tests, fixes none of the failing ones (or breaks one), before it is applied",
    kind: "hook",
    position: "pre_action",
    addresses: ["wrong_localisation", "submit_without_verification"],
    rationale: "The agent has no undo: an edit at the wrong line stays in the file, and the next edit or a blind submission builds on it. Checked against the visible tests before it is applied and refused for format, a wrong guess costs no turn and leaves the file as it was; the price is that the first half of a fix needing two edits is refused too.",
    files: [hook("pre_action", "30-refuse_unhelpful_edit.js", REFUSE_UNHELPFUL_EDIT)],
  },
  {
    id: "aggressive_output_truncation",
    title: "Cap every observation at 160 characters to keep the context small",
    kind: "hook",
    position: "post_feedback",
    addresses: ["too_much_output"],
    rationale: "Sounds like a stronger truncate_long_output, but the cut falls inside the first failure message and the code listing: the agent loses the symptom and most of the file. Expected to hurt.",
    files: [hook("post_feedback", "95-aggressive_output_truncation.js", AGGRESSIVE_OUTPUT_TRUNCATION)],
  },
  {
    id: "localize_before_edit",
    title: "Refuse an edit at a line no failure or search hit has pointed at",
    kind: "hook",
    position: "pre_action",
    addresses: ["wrong_localisation"],
    rationale: "Forces localisation before editing; but it also blocks edits chosen from reading the code, and refusals beyond the re-ask budget cost turns. Likely to hurt more than it helps.",
    files: [hook("pre_action", "20-localize_before_edit.js", LOCALIZE_BEFORE_EDIT)],
  },
  {
    id: "auto_submit_on_green",
    title: "Submit automatically when a full visible test run passes after an edit",
    kind: "hook",
    position: "post_feedback",
    addresses: ["stalled"],
    rationale: "Saves the submission turn (fewer truncated rollouts), but also submits patches that satisfy the visible tests and not the hidden ones, where a careful agent might have looked further.",
    files: [hook("post_feedback", "60-auto_submit_on_green.js", AUTO_SUBMIT_ON_GREEN)],
  },
  {
    id: "submit_at_turn_limit",
    title: "When the last turn is spent without a submission, submit the file as it stands",
    kind: "hook",
    position: "post_feedback",
    addresses: ["stalled"],
    rationale: "A rollout that runs out of turns scores nothing even when its file is fixed, and the update drops it, so it teaches nothing. Graded at the limit, a fixed file counts and a failure in a group with a success becomes usable. The agent's turns are unchanged; the price is that a half-finished file is handed in where the agent might have gone on.",
    files: [hook("post_feedback", "70-submit_at_turn_limit.js", SUBMIT_AT_TURN_LIMIT)],
  },
];

export function componentById(id: string): HarnessComponent {
  const found = COMPONENTS.find((c) => c.id === id);
  if (!found) throw new Error(`unknown harness component "${id}"; known: ${COMPONENTS.map((c) => c.id).join(", ")}`);
  return found;
}
