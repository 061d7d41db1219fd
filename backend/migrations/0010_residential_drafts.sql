-- Residential user wizard (issue 14): the wizard's draft, one row per run, kept in the backend so every step's
-- URL carries its id and the flow can be resumed. Step data are JSON (lib/residential.ts); the result columns
-- point at what the submission created. Drafts expire 7 days after their last change (the hourly cron).
CREATE TABLE `residential_drafts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`created_by` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`subscriber` text NOT NULL,
	`service_address` text,
	`number` text,
	`e911_same` integer DEFAULT true NOT NULL,
	`e911_address` text,
	`idempotency_key` text NOT NULL,
	`submitted_key` text,
	`failure` text,
	`lease_until` text,
	`user_id` integer,
	`phone_number_id` integer,
	`porting_order_id` integer,
	`e911_address_id` integer,
	`submitted_at` text,
	`completed_at` text,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`phone_number_id`) REFERENCES `phone_numbers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`porting_order_id`) REFERENCES `porting_orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`e911_address_id`) REFERENCES `e911_addresses`(`id`) ON UPDATE no action ON DELETE set null
);
CREATE INDEX `residential_drafts_organization_idx` ON `residential_drafts` (`organization_id`,`status`,`updated_at`);
CREATE INDEX `residential_drafts_expires_idx` ON `residential_drafts` (`expires_at`);
-- A subscriber's mobile or contact phone (E.164), asked by the wizard's first step.
ALTER TABLE `users` ADD `contact_phone` text;
