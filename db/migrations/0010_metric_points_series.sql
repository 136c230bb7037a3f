-- Issue 19: a curve reads one run's key in step order with value, epoch and time; this index covers that read,
-- so it does not visit table rows scattered among the other keys a trainer sends at every step.
CREATE INDEX `metric_points_series` ON `metric_points` (`run_id`,`key`,`step`,`value`,`epoch`,`time`);
