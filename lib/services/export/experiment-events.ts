// Every event that recreates one experiment, parents first, so an import may cut the stream into batches
// anywhere: each batch points only at records of earlier batches. The order of kinds follows the references
// of the contract (a rollout needs its run, task, version, checkpoint and source file; a proposal its
// versions, round and evidence; a decision its proposal; a patch evaluation its packet and proposal).
import "server-only";
import type Database from "better-sqlite3";
import type { HarnessLabEventInput } from "../../events/contract";
import {
  checkpointEvents, experimentEvent, harnessVersionEvents, metricsEvents, runEvents, sourceFileEvents, taskEvents,
} from "./structure-events";
import { rolloutEvents } from "./rollout-events";
import { comparisonEvents, decisionEvents, evolutionRoundEvents, proposalEvents, skillEvents } from "./evolution-events";
import { evalResultEvents, failurePacketEvents, patchEvaluationEvents } from "./evaluation-events";

/** The kinds in the order they are written; decisions after every proposal, so each replays in store order. */
const STAGES = [
  runEvents, taskEvents, checkpointEvents, harnessVersionEvents, metricsEvents, sourceFileEvents, rolloutEvents, skillEvents,
  evolutionRoundEvents, proposalEvents, comparisonEvents, decisionEvents, evalResultEvents, failurePacketEvents, patchEvaluationEvents,
];

/** Streams the experiment's events; nothing when there is no such experiment. Run it inside one read transaction. */
export function* experimentEventStream(sqlite: Database.Database, experiment: string): Generator<HarnessLabEventInput> {
  const head = experimentEvent(sqlite, experiment);
  if (!head) return;
  yield head;
  for (const stage of STAGES) yield* stage(sqlite, experiment);
}
