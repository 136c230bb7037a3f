// Teacher 2's first job: read recent trajectories and count recurring interaction problems, with the
// episodes that show them as evidence. Detection uses only what the trajectory records (see
// trajectory.ts), so a reviewer can open an evidence rollout and see the problem turn by turn:
//
//   failed_edit_command          an edit that did not apply: formatError, non-zero return code, or
//                                refused by a pre_action hook. One occurrence per such edit.
//   submit_without_verification  the (effective, not refused) submit came with no test run after the
//                                last applied edit, or with no test run in the whole episode.
//   too_much_output              an observation longer than maxObservationChars or maxObservationLines.
//   wrong_localisation           an edit on a line that nothing shown before pointed at: test output,
//                                search hits, hook messages, the issue ("line 7", "file.js:7"), read
//                                as the agent reads them (episode/text-facts.ts). A listing points at none.
//   stalled                      at least stallSteps consecutive actions without progress (progress =
//                                the first view, an applied edit, a test result different from the
//                                previous one, or output pointing at a line not pointed at before), or
//                                a post_feedback hook that had to trigger recovery.
//   symptom_only_patch           submitted, reward 0, and the last test run before the submit passed with
//                                no applied edit after it: the visible tests passed, the hidden ones did not.
//   ran_out_of_turns             the episode hit the turn limit without a submission (truncated). Counted only
//                                when asked for (ClassifyOptions.kinds, the default size's teacher): the
//                                small size's teacher and the engineer's packet features read the six above.
import { DEFAULT_HARNESS_CONFIG } from "../harness/h0";
import type { EpisodeResult } from "../types";
import {
  editOf, initialPointedLines, isFailedEdit, isListingTool, isRefused, pointedLines, readSteps, testOutcome, type Step,
} from "./trajectory";

export const PROBLEM_KINDS = [
  "failed_edit_command", "submit_without_verification", "too_much_output", "wrong_localisation", "stalled",
  "symptom_only_patch", "ran_out_of_turns",
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
/** The kinds counted unless ClassifyOptions.kinds says otherwise (ran_out_of_turns came later; see the header). */
export const CLASSIC_PROBLEM_KINDS: readonly ProblemKind[] = PROBLEM_KINDS.filter((k) => k !== "ran_out_of_turns");

export interface ClassifyOptions {
  maxObservationChars?: number;
  maxObservationLines?: number;
  stallSteps?: number;
  /** Evidence ids kept per problem (the counts always cover every episode). */
  evidenceLimit?: number;
  /** The problem kinds counted (default CLASSIC_PROBLEM_KINDS). */
  kinds?: readonly ProblemKind[];
}

/**
 * "Too much" is relative to what the agent can hold: by default an observation taking more than half
 * of the H0 context window (older text is forgotten, so one long output pushes out what came before).
 */
const DEFAULTS: Required<ClassifyOptions> = {
  maxObservationChars: Math.round(DEFAULT_HARNESS_CONFIG.contextChars / 2), maxObservationLines: 30, stallSteps: 5, evidenceLimit: 20,
  kinds: CLASSIC_PROBLEM_KINDS,
};

export interface LabelledEpisode {
  /** The rollout id the evidence refers to. */
  id: string;
  episode: EpisodeResult;
}

export interface ProblemCount {
  kind: ProblemKind;
  /** Episodes showing the problem at least once. */
  episodes: number;
  /** Of those, the ones that failed (reward not positive). */
  failedEpisodes: number;
  /** Instances across all episodes (e.g. every failed edit). */
  occurrences: number;
  /** Episode ids, failed ones first, at most evidenceLimit. */
  evidence: string[];
}

export interface ProblemReport {
  episodes: number;
  failedEpisodes: number;
  /** Problems seen at least once, most failed episodes first (then most episodes, then PROBLEM_KINDS order). */
  problems: ProblemCount[];
  /** Per episode id, the problems found in it. */
  byEpisode: Record<string, ProblemKind[]>;
}

export type ProblemOccurrences = Record<ProblemKind, number>;

function lastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let k = items.length - 1; k >= 0; k--) if (predicate(items[k])) return k;
  return -1;
}

function longestStall(steps: readonly Step[], initiallyPointed: readonly number[]): number {
  const pointed = new Set<number>(initiallyPointed);
  let viewed = false;
  let previous: string | null = null;
  let run = 0;
  let longest = 0;
  for (const step of steps) {
    let progress = false;
    if (isListingTool(step.tool) && !viewed) {
      viewed = true;
      progress = true;
    }
    if (editOf(step) && !isFailedEdit(step)) progress = true;
    const outcome = testOutcome(step);
    if (outcome) {
      const key = `${outcome.passed}/${outcome.failing}`;
      if (key !== previous) progress = true;
      previous = key;
    }
    for (const line of pointedLines(step)) {
      if (!pointed.has(line)) {
        pointed.add(line);
        progress = true;
      }
    }
    run = progress ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Occurrences of each problem in one episode (0 when absent). */
export function detectProblems(episode: EpisodeResult, options: ClassifyOptions = {}): ProblemOccurrences {
  const o = { ...DEFAULTS, ...options };
  const steps = readSteps(episode);
  const found: ProblemOccurrences = Object.fromEntries(PROBLEM_KINDS.map((k) => [k, 0])) as ProblemOccurrences;

  const initiallyPointed = initialPointedLines(episode);
  const pointed = new Set<number>(initiallyPointed);
  for (const step of steps) {
    if (isFailedEdit(step)) found.failed_edit_command += 1;
    const edit = editOf(step);
    if (edit && !pointed.has(edit.line)) found.wrong_localisation += 1;
    for (const line of pointedLines(step)) pointed.add(line);
    const lines = step.observation.split("\n").length;
    if (step.observation.length > o.maxObservationChars || lines > o.maxObservationLines) found.too_much_output += 1;
  }

  const submitAt = lastIndex(steps, (s) => s.tool === "submit" && !isRefused(s));
  if (submitAt >= 0) {
    const before = steps.slice(0, submitAt);
    const lastEdit = lastIndex(before, (s) => editOf(s) !== null && !isFailedEdit(s));
    const lastTest = lastIndex(before, (s) => testOutcome(s) !== null);
    if (lastTest < 0 || lastTest < lastEdit) found.submit_without_verification = 1;
    if (!(episode.reward > 0) && lastTest >= 0 && lastTest > lastEdit && testOutcome(before[lastTest])?.passed) {
      found.symptom_only_patch = 1;
    }
  }

  const recovered = steps.some((s) => s.hooks.some((h) => h.position === "post_feedback" && h.effect === "recover"));
  if (longestStall(steps, initiallyPointed) >= o.stallSteps || recovered) found.stalled = 1;
  if (episode.truncated && o.kinds.includes("ran_out_of_turns")) found.ran_out_of_turns = 1;
  return found;
}

export function classifyProblems(items: readonly LabelledEpisode[], options: ClassifyOptions = {}): ProblemReport {
  const o = { ...DEFAULTS, ...options };
  const counts = new Map<ProblemKind, ProblemCount & { failedIds: string[]; otherIds: string[] }>();
  const byEpisode: Record<string, ProblemKind[]> = {};
  let failedEpisodes = 0;
  for (const { id, episode } of items) {
    const failed = !(episode.reward > 0);
    if (failed) failedEpisodes += 1;
    const found = detectProblems(episode, o);
    byEpisode[id] = o.kinds.filter((k) => found[k] > 0);
    for (const kind of byEpisode[id]) {
      const c = counts.get(kind) ?? { kind, episodes: 0, failedEpisodes: 0, occurrences: 0, evidence: [], failedIds: [], otherIds: [] };
      c.episodes += 1;
      c.occurrences += found[kind];
      if (failed) {
        c.failedEpisodes += 1;
        c.failedIds.push(id);
      } else c.otherIds.push(id);
      counts.set(kind, c);
    }
  }
  const problems = [...counts.values()]
    .map(({ failedIds, otherIds, ...c }) => ({ ...c, evidence: [...failedIds, ...otherIds].slice(0, o.evidenceLimit) }))
    .sort((a, b) => b.failedEpisodes - a.failedEpisodes || b.episodes - a.episodes
      || PROBLEM_KINDS.indexOf(a.kind) - PROBLEM_KINDS.indexOf(b.kind));
  return { episodes: items.length, failedEpisodes, problems, byEpisode };
}
