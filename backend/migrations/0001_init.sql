-- AMP bundled backend: initial schema. Mirrors backend/src/db/schema.ts (checked against `drizzle-kit generate`).
-- Timestamps are ISO-8601 UTC text. The activity_log indexes keep its screens fast at millions of rows.

CREATE TABLE `organizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`account_number` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`type` text DEFAULT 'business' NOT NULL,
	`contact_name` text,
	`contact_email` text,
	`contact_phone` text,
	`address_line1` text,
	`address_line2` text,
	`city` text,
	`state` text,
	`postal_code` text,
	`country` text DEFAULT 'US' NOT NULL,
	`timezone` text DEFAULT 'America/New_York' NOT NULL,
	`default_locale` text DEFAULT 'en' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX `organizations_account_number_unique` ON `organizations` (`account_number`);
CREATE INDEX `organizations_name_idx` ON `organizations` (`name`);
CREATE INDEX `organizations_type_idx` ON `organizations` (`type`);

CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`status` text DEFAULT 'active' NOT NULL,
	`locale` text DEFAULT 'en' NOT NULL,
	`theme` text DEFAULT 'system' NOT NULL,
	`theme_primary_color` text DEFAULT '#7367F0' NOT NULL,
	`theme_semi_dark_menu` integer DEFAULT false NOT NULL,
	`last_login_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);
CREATE INDEX `users_organization_idx` ON `users` (`organization_id`);
CREATE INDEX `users_name_idx` ON `users` (`name`);
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);

CREATE TABLE `roles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_system` integer DEFAULT false NOT NULL,
	`scope` text DEFAULT 'organization' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX `roles_name_unique` ON `roles` (`name`);

CREATE TABLE `role_permissions` (
	`role_id` integer NOT NULL,
	`permission` text NOT NULL,
	PRIMARY KEY(`role_id`, `permission`),
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);

CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role_id`);

CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`masquerader_id` integer,
	`xsrf_token` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`last_activity` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`masquerader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
CREATE INDEX `sessions_last_activity_idx` ON `sessions` (`last_activity`);

CREATE TABLE `password_reset_tokens` (
	`email` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);

CREATE TABLE `throttles` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`reset_at` text NOT NULL
);

CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`masquerader_id` integer,
	`action` text NOT NULL,
	`subject_type` text,
	`subject_id` integer,
	`subject_label` text,
	`organization_id` integer,
	`changes` text,
	`ip` text,
	`user_agent` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX `activity_log_created_at_idx` ON `activity_log` (`created_at`);
CREATE INDEX `activity_log_organization_created_at_idx` ON `activity_log` (`organization_id`,`created_at`);
CREATE INDEX `activity_log_actor_created_at_idx` ON `activity_log` (`actor_id`,`created_at`);
CREATE INDEX `activity_log_action_idx` ON `activity_log` (`action`);
CREATE INDEX `activity_log_subject_idx` ON `activity_log` (`subject_type`,`subject_id`);

CREATE TABLE `mail_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`template` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`error` text,
	`html` text,
	`text` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text
);
CREATE INDEX `mail_log_created_at_idx` ON `mail_log` (`created_at`);
CREATE INDEX `mail_log_organization_created_at_idx` ON `mail_log` (`organization_id`,`created_at`);
CREATE INDEX `mail_log_status_idx` ON `mail_log` (`status`);
CREATE INDEX `mail_log_template_idx` ON `mail_log` (`template`);

CREATE TABLE `system_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);

CREATE TABLE `phone_numbers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`e164` text NOT NULL,
	`organization_id` integer,
	`status` text DEFAULT 'available' NOT NULL,
	`type` text DEFAULT 'local' NOT NULL,
	`e911_address_id` integer,
	`label` text,
	`cnam` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE UNIQUE INDEX `phone_numbers_e164_unique` ON `phone_numbers` (`e164`);
CREATE INDEX `phone_numbers_organization_status_idx` ON `phone_numbers` (`organization_id`,`status`);
CREATE INDEX `phone_numbers_status_idx` ON `phone_numbers` (`status`);

CREATE TABLE `porting_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `porting_orders_organization_status_idx` ON `porting_orders` (`organization_id`,`status`);
