-- Phone numbers: the inventory's carrier columns, E911 addresses (schema for the E911 tool), number orders
-- (the ordering wizard's drafts and orders) and the sandbox carrier's own state.
-- phone_numbers is rebuilt because SQLite cannot add a foreign key to an existing column (e911_address_id).
PRAGMA defer_foreign_keys = true;

CREATE TABLE `e911_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`caller_name` text NOT NULL,
	`house_number` text NOT NULL,
	`house_number_suffix` text,
	`pre_directional` text,
	`street_name` text NOT NULL,
	`street_suffix` text,
	`post_directional` text,
	`unit` text,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`postal_code` text NOT NULL,
	`postal_code_plus4` text,
	`country` text DEFAULT 'US' NOT NULL,
	`latitude` real,
	`longitude` real,
	`validation_status` text DEFAULT 'unvalidated' NOT NULL,
	`suggestion` text,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `e911_addresses_organization_idx` ON `e911_addresses` (`organization_id`,`created_at`);

CREATE TABLE `number_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`created_by` integer,
	`status` text DEFAULT 'draft' NOT NULL,
	`carrier` text NOT NULL,
	`criteria` text NOT NULL,
	`reservation_id` text,
	`reservation_expires_at` text,
	`label` text,
	`e911_note` text,
	`e911_address_id` integer,
	`carrier_order_id` text,
	`monthly_total_cents` integer DEFAULT 0 NOT NULL,
	`one_time_total_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`submitted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`e911_address_id`) REFERENCES `e911_addresses`(`id`) ON UPDATE no action ON DELETE set null
);
CREATE INDEX `number_orders_organization_created_at_idx` ON `number_orders` (`organization_id`,`created_at`);
CREATE INDEX `number_orders_status_idx` ON `number_orders` (`status`);

CREATE TABLE `phone_numbers_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`e164` text NOT NULL,
	`organization_id` integer,
	`status` text DEFAULT 'available' NOT NULL,
	`type` text DEFAULT 'local' NOT NULL,
	`carrier` text DEFAULT 'sandbox' NOT NULL,
	`country` text DEFAULT 'US' NOT NULL,
	`rate_center` text,
	`state` text,
	`lata` text,
	`capabilities` text DEFAULT '["voice"]' NOT NULL,
	`e911_address_id` integer,
	`e911_status` text,
	`e911_error` text,
	`order_id` integer,
	`label` text,
	`cnam` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`e911_address_id`) REFERENCES `e911_addresses`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `number_orders`(`id`) ON UPDATE no action ON DELETE set null
);
-- Existing links pointed at a table that did not exist yet: they are dropped (the seed recreates them).
INSERT INTO `phone_numbers_new` (`id`, `e164`, `organization_id`, `status`, `type`, `label`, `cnam`, `created_at`, `updated_at`)
	SELECT `id`, `e164`, `organization_id`, `status`, `type`, `label`, `cnam`, `created_at`, `updated_at` FROM `phone_numbers`;
DROP TABLE `phone_numbers`;
ALTER TABLE `phone_numbers_new` RENAME TO `phone_numbers`;
CREATE UNIQUE INDEX `phone_numbers_e164_unique` ON `phone_numbers` (`e164`);
CREATE INDEX `phone_numbers_organization_status_idx` ON `phone_numbers` (`organization_id`,`status`);
CREATE INDEX `phone_numbers_status_idx` ON `phone_numbers` (`status`);
CREATE INDEX `phone_numbers_organization_created_at_idx` ON `phone_numbers` (`organization_id`,`created_at`);
CREATE INDEX `phone_numbers_created_at_idx` ON `phone_numbers` (`created_at`);
CREATE INDEX `phone_numbers_e911_address_idx` ON `phone_numbers` (`e911_address_id`);

CREATE TABLE `number_order_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`e164` text NOT NULL,
	`type` text NOT NULL,
	`country` text NOT NULL,
	`state` text,
	`rate_center` text,
	`city` text,
	`lata` text,
	`capabilities` text NOT NULL,
	`monthly_cents` integer NOT NULL,
	`one_time_cents` integer NOT NULL,
	`status` text DEFAULT 'reserved' NOT NULL,
	`failure_reason` text,
	`phone_number_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `number_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`phone_number_id`) REFERENCES `phone_numbers`(`id`) ON UPDATE no action ON DELETE set null
);
CREATE UNIQUE INDEX `number_order_items_order_e164_idx` ON `number_order_items` (`order_id`,`e164`);

CREATE TABLE `carrier_sandbox_numbers` (
	`e164` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`reservation_id` text,
	`expires_at` text,
	`order_id` text,
	`ordered_at` text
);
CREATE INDEX `carrier_sandbox_numbers_reservation_idx` ON `carrier_sandbox_numbers` (`reservation_id`);
CREATE INDEX `carrier_sandbox_numbers_order_idx` ON `carrier_sandbox_numbers` (`order_id`);
