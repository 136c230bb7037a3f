-- Issue 38: a comparison says whether its sides were paired on common random numbers (rollout k of a task on each
-- side drew the same stream), so the noise figure shown beside its verdict swaps sides within pairs. Null for every
-- comparison stored before: they keep the within-task permutation.
ALTER TABLE `comparisons` ADD `pairing` text;
