-- Issue 19: foreign keys that a page filters on had no index, so each of these reads scanned the whole table
-- (checked with EXPLAIN QUERY PLAN on the queries of db/queries: SCAN before, SEARCH ... USING INDEX after):
--   proposals_parent              proposals.parent_proposal_id: a proposal's follow-ups (proposal page, proposal-page.ts).
--   proposals_candidate           proposals.candidate_harness_version_id: whether a person accepted a harness version
--                                 (harness trust, harness-trust.ts; one probe per version).
--   eval_results_rollout          eval_results.rollout_id: a rollout's verdicts (rollout page, rollout-view.ts: the
--                                 OR of its conditions becomes a MULTI-INDEX OR instead of a scan of every result).
--   patch_evaluations_proposal    patch_evaluations.proposal_id: a proposal's patch evaluations (proposal page and
--                                 inbox, proposal-patch-evaluations.ts).
--   patch_evaluations_experiment  patch_evaluations.experiment_id: an experiment's (cost page, experiment-cost.ts;
--                                 Harness-R1 best-patch curve, best-patch-curve.ts).
-- None is on `rollouts` or `turns`, so ingestion's hot path writes no more index entries than before.
CREATE INDEX `proposals_parent` ON `proposals` (`parent_proposal_id`);--> statement-breakpoint
CREATE INDEX `proposals_candidate` ON `proposals` (`candidate_harness_version_id`);--> statement-breakpoint
CREATE INDEX `eval_results_rollout` ON `eval_results` (`rollout_id`);--> statement-breakpoint
CREATE INDEX `patch_evaluations_proposal` ON `patch_evaluations` (`proposal_id`);--> statement-breakpoint
CREATE INDEX `patch_evaluations_experiment` ON `patch_evaluations` (`experiment_id`);
