-- Phone-number imports (issue 10): the import (file in R2, counts, options, progress), its rows as validated
-- (the staging area the commit job writes from), the ledger of committed batches (a retried batch finds its
-- row and writes nothing twice), and the import that created each number (the numbers list's `import` filter).

CREATE TABLE `number_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_by` integer,
	`organization_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`r2_key` text NOT NULL,
	`size` integer NOT NULL,
	`delimiter` text NOT NULL,
	`encoding` text NOT NULL,
	`columns` text NOT NULL,
	`ignored_columns` text NOT NULL,
	`status` text DEFAULT 'validating' NOT NULL,
	`rows_total` integer DEFAULT 0 NOT NULL,
	`rows_valid` integer DEFAULT 0 NOT NULL,
	`rows_invalid` integer DEFAULT 0 NOT NULL,
	`duplicates` integer DEFAULT 0 NOT NULL,
	`existing` integer DEFAULT 0 NOT NULL,
	`organization_counts` text DEFAULT '[]' NOT NULL,
	`validation_ms` integer DEFAULT 0 NOT NULL,
	`existing_choice` text,
	`committed_by` integer,
	`committed_at` text,
	`batches_total` integer DEFAULT 0 NOT NULL,
	`batches_done` integer DEFAULT 0 NOT NULL,
	`rows_to_commit` integer DEFAULT 0 NOT NULL,
	`rows_done` integer DEFAULT 0 NOT NULL,
	`created_count` integer DEFAULT 0 NOT NULL,
	`updated_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`finished_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`committed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE no action
);
CREATE INDEX `number_imports_organization_created_at_idx` ON `number_imports` (`organization_id`,`created_at`);
CREATE INDEX `number_imports_created_at_idx` ON `number_imports` (`created_at`);

-- One row per data row of the file. `seq` numbers the valid rows (1..rows_valid) so a batch is a seq range.
CREATE TABLE `number_import_rows` (
	`import_id` integer NOT NULL,
	`row_number` integer NOT NULL,
	`seq` integer,
	`e164` text,
	`organization_id` integer,
	`type` text,
	`label` text,
	`cnam` text,
	`country` text,
	`e911` text,
	`error` text,
	`error_column` text,
	`existing_id` integer,
	`e911_address_id` integer,
	`outcome` text,
	PRIMARY KEY(`import_id`, `row_number`),
	FOREIGN KEY (`import_id`) REFERENCES `number_imports`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
CREATE INDEX `number_import_rows_seq_idx` ON `number_import_rows` (`import_id`,`seq`);
CREATE INDEX `number_import_rows_e164_idx` ON `number_import_rows` (`import_id`,`e164`,`row_number`);
CREATE INDEX `number_import_rows_errors_idx` ON `number_import_rows` (`import_id`,`row_number`) WHERE `error` IS NOT NULL;

CREATE TABLE `number_import_batches` (
	`import_id` integer NOT NULL,
	`batch` integer NOT NULL,
	`rows` integer NOT NULL,
	`done_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`import_id`, `batch`),
	FOREIGN KEY (`import_id`) REFERENCES `number_imports`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;

ALTER TABLE `phone_numbers` ADD `import_id` integer REFERENCES `number_imports`(`id`) ON DELETE set null;
CREATE INDEX `phone_numbers_import_idx` ON `phone_numbers` (`import_id`);
