// The words of DOMAIN.md as closed sets: shared by the event contract, the schema and the UI.
export const EXPERIMENT_METHODS = ["harnessadapt-rl", "harness-r1", "grpo", "custom"] as const;
export const RUN_KINDS = ["train", "eval", "compare", "engineer", "import"] as const;
export const RUN_STATUSES = ["pending", "running", "finished", "failed", "cancelled"] as const;
export const FILE_KINDS = ["tool", "hook", "skill", "prompt", "config", "other"] as const;
export const HOOK_POSITIONS = ["episode_init", "pre_decision", "pre_action", "post_feedback"] as const;
export const CHECKPOINT_ROLES = ["policy", "target", "engineer", "teacher"] as const;
export const ROLLOUT_PURPOSES = ["train", "preparation", "comparison", "eval", "rerun"] as const;
export const TRUNCATION_KINDS = ["tokens", "turns", "time", "other"] as const;
export const SKILL_KINDS = ["mechanism", "hint", "bank"] as const;
export const PROPOSAL_KINDS = ["tool_hook", "engineer_patch"] as const;
export const PROPOSAL_STATUSES = ["pending", "accepted", "rejected", "superseded"] as const;
export const VERDICTS = ["accept", "reject"] as const;
export const ACTOR_KINDS = ["rule", "human"] as const;
export const COMPARISON_SIDES = ["base", "candidate"] as const;
/** How a comparison's two sides drew their randomness: paired by (task, sample index) on common random numbers, or not. */
export const COMPARISON_PAIRINGS = ["paired", "independent"] as const;
export const JOB_KINDS = ["train-epoch", "compare-candidate", "evaluate", "propose", "custom"] as const;
export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled", "lost"] as const;
export const JOB_EXECUTORS = ["local", "slurm", "ray"] as const;
export const ROLES = ["viewer", "reviewer", "admin"] as const;
export const TOKEN_SCOPES = ["ingest", "read", "admin"] as const;

export type Role = (typeof ROLES)[number];
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export type RolloutPurpose = (typeof ROLLOUT_PURPOSES)[number];
export type ExperimentMethod = (typeof EXPERIMENT_METHODS)[number];
export type HookPosition = (typeof HOOK_POSITIONS)[number];
