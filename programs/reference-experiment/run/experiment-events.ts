// The reference experiment's records as events of the public contract: what an external trainer sends.
// No wall-clock time goes into an event, so the same seed gives the same events (and a second run of the
// same seed is answered "unchanged" by the store).
import type { HarnessLabEventInput } from "../../../lib/events/contract";
import type { EpisodeResult, RepairTask } from "../types";
import type { HarnessFile } from "../harness/types";
import { toEventFiles } from "../harness/compose";
import { episodeToRolloutTurns } from "../episode/rollout-turns";
import type { RolloutPurpose } from "../../../lib/domain/vocabulary";

export type RolloutEvent = Extract<HarnessLabEventInput, { type: "rollout" }>;

export interface DemoIds {
  /** Distinguishes runs of different seeds and sizes in one store. */
  tag: string;
  taskId(task: RepairTask): string;
}

export function demoIds(seed: number, size: string): DemoIds {
  const tag = `s${seed}${size === "default" ? "" : `-${size}`}`;
  return { tag, taskId: (task) => `ref-${tag}/${task.key}` };
}

export function taskEvent(ids: DemoIds, task: RepairTask): HarnessLabEventInput {
  return {
    type: "task",
    id: ids.taskId(task),
    // Keys are unique per benchmark; a different seed or size generates other tasks under the same names.
    key: `${task.key}@${ids.tag}`,
    benchmark: task.suite,
    title: `${task.families.join(" + ")} in ${task.path}`,
    metadata: { families: task.families, path: task.path, source: task.source, visible_tests: task.visibleTests.map((t) => t.name) },
  };
}

export function harnessVersionEvent(input: {
  id: string; experiment: string; label: string; parent?: string; origin: "initial" | "proposal" | "manual"; originProposal?: string;
  description: string; files: readonly HarnessFile[];
}): HarnessLabEventInput {
  return {
    type: "harness_version", id: input.id, experiment: input.experiment, label: input.label, parent: input.parent, origin: input.origin,
    origin_proposal: input.originProposal, description: input.description, files: toEventFiles(input.files),
  };
}

export interface RolloutPlace {
  id: string;
  experiment: string;
  run: string;
  task: string;
  harnessVersion: string;
  checkpoint?: string;
  purpose: RolloutPurpose;
  epoch?: number;
  step?: number;
  group?: string;
  sampleIndex?: number;
  /** Skills given to this episode (training only). */
  skills?: string[];
}

export function rolloutEvent(place: RolloutPlace, episode: EpisodeResult): RolloutEvent {
  return {
    type: "rollout",
    id: place.id,
    experiment: place.experiment,
    run: place.run,
    task: place.task,
    harness_version: place.harnessVersion,
    checkpoint: place.checkpoint,
    purpose: place.purpose,
    epoch: place.epoch,
    step: place.step,
    group: place.group,
    sample_index: place.sampleIndex,
    reward: episode.reward,
    success: episode.success,
    exit_status: episode.exitStatus,
    truncated: episode.truncated,
    truncation_kind: episode.truncated ? "turns" : undefined,
    submission: episode.submission || undefined,
    source_format: "harness-lab-demo",
    metadata: {
      hidden_tests_passed: episode.hiddenResults.filter((r) => r.passed).length,
      hidden_tests: episode.hiddenResults.length,
      ...(place.skills?.length ? { skills_given: place.skills.length } : {}),
    },
    turns: episodeToRolloutTurns(episode),
  };
}
