// A run, its training steps and the GRPO groups of a step, with the rates of DOMAIN.md computed from the
// stored train rollouts (lib/metrics/training-rates.ts) and each group's verdict (lib/metrics/group-usability.ts).
// A group is one task's K samples in one step of one run: group ids are only unique within (run, step).
import "server-only";
import type { Store } from "../client";
import { decodeRolloutRow, rateInputOf, ROLLOUT_ROW_COLUMNS, ROLLOUT_ROW_JOINS, type RolloutRow, type Stored } from "./rollout-row";
import { ROLLOUT_PURPOSES, type RolloutPurpose } from "../../lib/domain/vocabulary";
import { computeTrainingRates, type TrainingRates } from "../../lib/metrics/training-rates";
import { computeGroupUsability, type GroupUsability } from "../../lib/metrics/group-usability";
import type { RunKind, RunStatus, TruncationKind } from "./types";

/** A run as its row stores it, with its experiment's name. */
interface RunRow {
  id: string;
  name: string | null;
  kind: RunKind;
  status: RunStatus;
  experimentId: string;
  experimentName: string;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface RunOverview extends RunRow {
  rollouts: number;
  rolloutsByPurpose: Record<RolloutPurpose, number>;
  /** Train rollouts sent without a step: counted in the run's rates, but on no step page. */
  trainWithoutStep: number;
  /** Over every train rollout of the run, grouped by (step, group). */
  trainingRates: TrainingRates;
}

export interface RunStepSummary {
  step: number;
  /** The distinct epochs the step's rollouts name (normally one). */
  epochs: number[];
  rates: TrainingRates;
}

export interface StepTask {
  id: string;
  key: string;
  benchmark: string;
}

export interface StepGroupRow {
  /** null for a rollout sent without a group: it forms a group of its own (as computeTrainingRates counts it). */
  groupId: string | null;
  /** The rollout of an ungrouped row, so the page can link to it instead of a group page. */
  soleRolloutId: string | null;
  /** Normally one task; more means the producer put different tasks under one group id. */
  tasks: StepTask[];
  size: number;
  successes: number;
  truncated: number;
  unknownReward: number;
  usability: GroupUsability;
}

export interface RunStepDetail {
  runId: string;
  runName: string | null;
  experimentId: string;
  experimentName: string;
  step: number;
  epochs: number[];
  rates: TrainingRates;
  groups: StepGroupRow[];
  previousStep: number | null;
  nextStep: number | null;
}

/** A rollout of a GRPO group: the one rollout projection, its truncation kind typed. */
export type GroupRolloutRow = RolloutRow & { truncationKind: TruncationKind | null };

export interface StepGroupDetail {
  runId: string;
  runName: string | null;
  experimentId: string;
  experimentName: string;
  step: number;
  groupId: string;
  epochs: number[];
  rollouts: GroupRolloutRow[];
  usability: GroupUsability;
}

/** Who a step page belongs to: the run and its experiment, by id and name. */
function runHeading(run: RunRow) {
  return { runId: run.id, runName: run.name, experimentId: run.experimentId, experimentName: run.experimentName };
}

function getRunRow(store: Store, runId: string): RunRow | null {
  const row = store.sqlite
    .prepare(
      `SELECT ru.id, ru.name, ru.kind, ru.status, ru.experiment_id AS experimentId, e.name AS experimentName,
              ru.started_at AS startedAt, ru.finished_at AS finishedAt
         FROM runs ru JOIN experiments e ON e.id = ru.experiment_id
        WHERE ru.id = ?`,
    )
    .get(runId) as RunRow | undefined;
  return row ?? null;
}

interface OutcomeRow {
  step: number | null;
  epoch: number | null;
  groupId: string | null;
  success: number;
  reward: number | null;
  truncated: number;
}

function trainOutcomes(store: Store, runId: string): OutcomeRow[] {
  return store.sqlite
    .prepare(
      `SELECT step, epoch, group_id AS groupId, success, reward, truncated
         FROM rollouts WHERE run_id = ? AND purpose = 'train'`,
    )
    .all(runId) as OutcomeRow[];
}

const asInput = (r: OutcomeRow, groupKey: string | null) => rateInputOf(r, groupKey);

const sortedEpochs = (values: Iterable<number | null>) =>
  [...new Set([...values].filter((e): e is number => e !== null))].sort((a, b) => a - b);

/** The run with its rollouts by purpose and its overall training rates, or null for an unknown id. */
export function getRunOverview(store: Store, runId: string): RunOverview | null {
  const run = getRunRow(store, runId);
  if (!run) return null;
  const byPurpose = Object.fromEntries(ROLLOUT_PURPOSES.map((p) => [p, 0])) as Record<RolloutPurpose, number>;
  const purposeRows = store.sqlite
    .prepare("SELECT purpose, count(*) AS n FROM rollouts WHERE run_id = ? GROUP BY purpose")
    .all(runId) as Array<{ purpose: RolloutPurpose; n: number }>;
  for (const row of purposeRows) byPurpose[row.purpose] = row.n;
  const train = trainOutcomes(store, runId);
  return {
    ...run,
    rollouts: purposeRows.reduce((sum, r) => sum + r.n, 0),
    rolloutsByPurpose: byPurpose,
    trainWithoutStep: train.filter((r) => r.step === null).length,
    trainingRates: computeTrainingRates(
      train.map((r) => asInput(r, r.groupId === null ? null : JSON.stringify([r.step, r.groupId]))),
    ),
  };
}

/** The run's training steps in order, each with the rates of its train rollouts. */
export function listRunSteps(store: Store, runId: string): RunStepSummary[] {
  const bySteps = new Map<number, OutcomeRow[]>();
  for (const row of trainOutcomes(store, runId)) {
    if (row.step === null) continue;
    const rows = bySteps.get(row.step);
    if (rows) rows.push(row);
    else bySteps.set(row.step, [row]);
  }
  return [...bySteps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, rows]) => ({
      step,
      epochs: sortedEpochs(rows.map((r) => r.epoch)),
      rates: computeTrainingRates(rows.map((r) => asInput(r, r.groupId))),
    }));
}

interface StepRolloutRow extends OutcomeRow {
  id: string;
  taskId: string;
  taskKey: string;
  benchmark: string;
}

/** One training step: its rates and its GRPO groups with their verdicts; null when the run has no train rollout at that step. */
export function getRunStep(store: Store, runId: string, step: number): RunStepDetail | null {
  const run = getRunRow(store, runId);
  if (!run) return null;
  const rows = store.sqlite
    .prepare(
      `SELECT r.id, r.step, r.epoch, r.group_id AS groupId, r.success, r.reward, r.truncated,
              r.task_id AS taskId, t.key AS taskKey, t.benchmark
         FROM rollouts r JOIN tasks t ON t.id = r.task_id
        WHERE r.run_id = ? AND r.purpose = 'train' AND r.step = ?
        ORDER BY r.group_id IS NULL, r.group_id, r.sample_index, r.id`,
    )
    .all(runId, step) as StepRolloutRow[];
  if (rows.length === 0) return null;

  const buckets: StepRolloutRow[][] = [];
  const byGroup = new Map<string, StepRolloutRow[]>();
  for (const row of rows) {
    if (row.groupId === null) {
      buckets.push([row]);
      continue;
    }
    const members = byGroup.get(row.groupId);
    if (members) members.push(row);
    else {
      const fresh = [row];
      byGroup.set(row.groupId, fresh);
      buckets.push(fresh);
    }
  }

  const groups: StepGroupRow[] = buckets.map((members) => {
    const tasks = new Map<string, StepTask>();
    for (const m of members) if (!tasks.has(m.taskId)) tasks.set(m.taskId, { id: m.taskId, key: m.taskKey, benchmark: m.benchmark });
    const first = members[0];
    return {
      groupId: first.groupId,
      soleRolloutId: first.groupId === null ? first.id : null,
      tasks: [...tasks.values()],
      size: members.length,
      successes: members.filter((m) => m.success === 1).length,
      truncated: members.filter((m) => m.truncated === 1).length,
      unknownReward: members.filter((m) => m.reward === null).length,
      usability: computeGroupUsability(members.map((m) => asInput(m, null))),
    };
  });

  const neighbours = store.sqlite
    .prepare(
      `SELECT (SELECT max(step) FROM rollouts WHERE run_id = @runId AND purpose = 'train' AND step < @step) AS previousStep,
              (SELECT min(step) FROM rollouts WHERE run_id = @runId AND purpose = 'train' AND step > @step) AS nextStep`,
    )
    .get({ runId, step }) as { previousStep: number | null; nextStep: number | null };

  return {
    ...runHeading(run),
    step,
    epochs: sortedEpochs(rows.map((r) => r.epoch)),
    rates: computeTrainingRates(rows.map((r) => asInput(r, r.groupId))),
    groups,
    ...neighbours,
  };
}

type RawGroupRolloutRow = Stored<GroupRolloutRow>;

/** The K rollouts of one group at one step, with the group's verdict; null when there are none. */
export function getStepGroup(store: Store, runId: string, step: number, groupId: string): StepGroupDetail | null {
  const run = getRunRow(store, runId);
  if (!run) return null;
  const rows = store.sqlite
    .prepare(
      `SELECT ${ROLLOUT_ROW_COLUMNS}
         ${ROLLOUT_ROW_JOINS}
        WHERE r.run_id = ? AND r.purpose = 'train' AND r.step = ? AND r.group_id = ?
        ORDER BY r.sample_index IS NULL, r.sample_index, r.id`,
    )
    .all(runId, step, groupId) as RawGroupRolloutRow[];
  if (rows.length === 0) return null;
  const rollouts: GroupRolloutRow[] = rows.map(decodeRolloutRow);
  return {
    ...runHeading(run),
    step,
    groupId,
    epochs: sortedEpochs(rows.map((r) => r.epoch)),
    rollouts,
    usability: computeGroupUsability(rollouts),
  };
}
