// Common random numbers: the random stream of an episode is named by what is being measured — the scope
// (a training step, a comparison, an evaluation repeat), the task and the sample index — never by the harness
// or the side. Two harnesses (or two checkpoints) run on the same task and sample then draw the same numbers,
// so a difference between them comes from the harness (or the weights), not from a luckier draw; a candidate
// identical to the incumbent scores exactly the same.
import type { Rng } from "../random";
import type { RepairTask } from "../types";

export function episodeStream(root: Rng, scope: string, task: RepairTask, sample: number): Rng {
  return root.fork(`${scope}/${task.id}/${sample}`);
}
