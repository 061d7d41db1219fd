-- Indexes for the administration screens at scale (1M activity rows).
-- Action filter sorted by time; the organization-scoped action and subject-type lists (skip scans).
DROP INDEX IF EXISTS `activity_log_action_idx`;
CREATE INDEX `activity_log_action_created_at_idx` ON `activity_log` (`action`,`created_at`);
CREATE INDEX `activity_log_organization_action_idx` ON `activity_log` (`organization_id`,`action`,`created_at`);
CREATE INDEX `activity_log_organization_subject_idx` ON `activity_log` (`organization_id`,`subject_type`);
