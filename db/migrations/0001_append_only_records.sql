-- Decisions and the audit log are the record of who decided what: never rewritten, never removed.
CREATE TRIGGER `decisions_no_update` BEFORE UPDATE ON `decisions` BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `decisions_no_delete` BEFORE DELETE ON `decisions` BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
