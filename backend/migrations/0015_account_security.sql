-- Account security (issue 29): two-factor sign-in, sessions management, API tokens.
--
-- 1. The second factor on the user, under Fortify's column names: `two_factor_secret` is the TOTP secret
--    (base32) encrypted with APP_KEY (lib/crypto.ts encryptSecret); `two_factor_recovery_codes` is a JSON array
--    of the SHA-256 digests of the unused recovery codes (the codes themselves are shown once and never kept);
--    `two_factor_confirmed_at` is set once a code from the authenticator app was accepted. A secret without a
--    confirmation is an enrolment in progress and does not guard the sign-in.
-- 2. Where a session was last seen: the city and country Cloudflare gave the portal for the browser's request.
-- 3. Sanctum's personal access tokens: the SHA-256 digest of the secret (the part after `id|`), the abilities
--    (a subset of the owner's permission keys), last use and optional expiry.
-- 4. The activity log names the token a change was made with.

ALTER TABLE `users` ADD `two_factor_secret` text;
ALTER TABLE `users` ADD `two_factor_recovery_codes` text;
ALTER TABLE `users` ADD `two_factor_confirmed_at` text;

ALTER TABLE `sessions` ADD `city` text;
ALTER TABLE `sessions` ADD `country` text;
CREATE INDEX `sessions_masquerader_idx` ON `sessions` (`masquerader_id`);

CREATE TABLE `personal_access_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`token` text NOT NULL,
	`abilities` text DEFAULT '[]' NOT NULL,
	`last_used_at` text,
	`expires_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `personal_access_tokens_token_unique` ON `personal_access_tokens` (`token`);
CREATE INDEX `personal_access_tokens_user_idx` ON `personal_access_tokens` (`user_id`);

ALTER TABLE `activity_log` ADD `token_id` integer;
ALTER TABLE `activity_log` ADD `token_name` text;
