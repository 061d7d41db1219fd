-- Text-to-speech prompts (audio in R2) and per-device provisioning overrides (issue 12).
CREATE TABLE `tts_prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL REFERENCES `organizations`(`id`),
	`name` text NOT NULL,
	`description` text,
	`text` text NOT NULL,
	`format` text DEFAULT 'text' NOT NULL,
	`language` text NOT NULL,
	`voice` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`error` text,
	`revision` integer DEFAULT 1 NOT NULL,
	`audio_key` text,
	`audio_size` integer,
	`duration_ms` integer,
	`rendered_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
	`rendered_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX `tts_prompts_organization_created_at_idx` ON `tts_prompts` (`organization_id`,`created_at`);
CREATE INDEX `tts_prompts_status_idx` ON `tts_prompts` (`status`);

CREATE TABLE `devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL REFERENCES `organizations`(`id`),
	`mac` text NOT NULL,
	`vendor` text NOT NULL,
	`model` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX `devices_mac_unique` ON `devices` (`mac`);
CREATE INDEX `devices_organization_idx` ON `devices` (`organization_id`,`mac`);
CREATE INDEX `devices_vendor_idx` ON `devices` (`vendor`);

CREATE TABLE `device_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` integer NOT NULL REFERENCES `devices`(`id`) ON DELETE CASCADE,
	`position` integer DEFAULT 0 NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`type` text DEFAULT 'string' NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL,
	`description` text
);
CREATE UNIQUE INDEX `device_overrides_device_key_unique` ON `device_overrides` (`device_id`,`key`);
