-- E911 and porting tools: port-in order details, their history and documents, and the sandbox carrier's
-- port requests. E911 needs no new table (e911_addresses and phone_numbers.e911_* come from 0005).
ALTER TABLE `porting_orders` ADD `created_by` integer REFERENCES `users`(`id`) ON DELETE set null;
ALTER TABLE `porting_orders` ADD `numbers` text DEFAULT '[]' NOT NULL;
ALTER TABLE `porting_orders` ADD `entity_name` text DEFAULT '' NOT NULL;
ALTER TABLE `porting_orders` ADD `authorized_person` text DEFAULT '' NOT NULL;
ALTER TABLE `porting_orders` ADD `billing_telephone_number` text DEFAULT '' NOT NULL;
ALTER TABLE `porting_orders` ADD `account_number` text DEFAULT '' NOT NULL;
ALTER TABLE `porting_orders` ADD `pin_encrypted` text;
ALTER TABLE `porting_orders` ADD `service_address` text;
ALTER TABLE `porting_orders` ADD `partial` integer DEFAULT false NOT NULL;
ALTER TABLE `porting_orders` ADD `requested_foc_date` text;
ALTER TABLE `porting_orders` ADD `foc_date` text;
ALTER TABLE `porting_orders` ADD `carrier` text DEFAULT 'sandbox' NOT NULL;
ALTER TABLE `porting_orders` ADD `carrier_port_id` text;
ALTER TABLE `porting_orders` ADD `exception_reason` text;
ALTER TABLE `porting_orders` ADD `submitted_at` text;
ALTER TABLE `porting_orders` ADD `completed_at` text;

CREATE TABLE `porting_order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`type` text NOT NULL,
	`from_status` text,
	`to_status` text,
	`message` text,
	`actor_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `porting_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
CREATE INDEX `porting_order_events_order_idx` ON `porting_order_events` (`order_id`,`created_at`);

CREATE TABLE `porting_order_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text NOT NULL,
	`r2_key` text NOT NULL,
	`filename` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`uploaded_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `porting_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
CREATE INDEX `porting_order_documents_order_idx` ON `porting_order_documents` (`order_id`);

CREATE TABLE `carrier_sandbox_ports` (
	`carrier_port_id` text PRIMARY KEY NOT NULL,
	`submitted_at` text NOT NULL,
	`foc_date` text NOT NULL,
	`exception` text,
	`cancelled_at` text
);
