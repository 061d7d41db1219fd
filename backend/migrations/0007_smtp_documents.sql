-- Real SMTP delivery (mail log: relay used, server reply, attempts, `not_sent`), per-organization SMTP
-- relays, and branded documents with their previous versions (files in R2).
ALTER TABLE `mail_log` ADD `relay` text;
ALTER TABLE `mail_log` ADD `smtp_reply` text;
ALTER TABLE `mail_log` ADD `attempts` integer DEFAULT 0 NOT NULL;
CREATE TABLE `smtp_relays` (
	`organization_id` integer PRIMARY KEY NOT NULL REFERENCES `organizations`(`id`) ON DELETE CASCADE,
	`enabled` integer DEFAULT false NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`encryption` text DEFAULT 'starttls' NOT NULL,
	`auth` integer DEFAULT true NOT NULL,
	`username` text,
	`password_encrypted` text,
	`from_address` text NOT NULL,
	`from_name` text,
	`reply_to` text,
	`verify_certificate` integer DEFAULT true NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE TABLE `branded_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer REFERENCES `organizations`(`id`) ON DELETE CASCADE,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`object_key` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`uploaded_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
	`uploader_name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX `branded_documents_organization_updated_idx` ON `branded_documents` (`organization_id`,`updated_at`);
CREATE INDEX `branded_documents_updated_idx` ON `branded_documents` (`updated_at`);
CREATE TABLE `branded_document_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL REFERENCES `branded_documents`(`id`) ON DELETE CASCADE,
	`version` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`object_key` text NOT NULL,
	`uploader_name` text NOT NULL,
	`created_at` text NOT NULL
);
CREATE INDEX `branded_document_versions_document_idx` ON `branded_document_versions` (`document_id`,`version`);
