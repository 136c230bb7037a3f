// Where tests find the project's shared data (real public trajectories and reports). They are read in
// place, never copied into the repo. CI clones the repo next to shared/; a worktree elsewhere sets
// HARNESS_LAB_SHARED.
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const sharedDir = process.env.HARNESS_LAB_SHARED ?? path.resolve(repoRoot, "../shared");
export const realTrajectoriesDir = path.join(sharedDir, "data", "real-trajectories");
export const realTrajectoriesNewFormatsDir = path.join(sharedDir, "data", "real-trajectories-new-formats");
