-- Security (issue 7).

-- Mail-log bodies written before this migration carry live password-setup links: void every outstanding
-- token. Pending invitations and resets must be requested again ("Forgot password").
DELETE FROM `password_reset_tokens`;

-- Local development and e2e only (MAIL_OUTBOX_DEV=1): delivered e-mails with their real links.
CREATE TABLE `dev_mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`template` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX `dev_mail_outbox_to_idx` ON `dev_mail_outbox` (`to`,`id`);

