CREATE TABLE `pending_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`sent_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`user_id` integer,
	`name` text,
	`phone` text,
	`address` text,
	`password_hash` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pending_codes_token_hash_unique` ON `pending_codes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `pending_codes_email_idx` ON `pending_codes` (`email`);--> statement-breakpoint
CREATE INDEX `pending_codes_expires_idx` ON `pending_codes` (`expires_at`);--> statement-breakpoint
-- Sign-ups and resets waiting for their code carry on here unchanged (same token and code hashes, tries, times),
-- and leave the old tables empty: code still running from before the deploy then finds nothing pending (a clean
-- "ask again" answer) instead of failing on a missing table, and can never use a code twice, once in each table.
INSERT INTO `pending_codes` (`purpose`, `token_hash`, `email`, `lang`, `code_hash`, `expires_at`, `tries`, `sent_at`, `created_at`, `name`, `phone`, `address`, `password_hash`)
	SELECT 'signup', `token_hash`, `email`, `lang`, `code_hash`, `expires_at`, `tries`, `sent_at`, `created_at`, `name`, `phone`, `address`, `password_hash` FROM `signups`;--> statement-breakpoint
INSERT INTO `pending_codes` (`purpose`, `token_hash`, `email`, `lang`, `code_hash`, `expires_at`, `tries`, `sent_at`, `created_at`, `user_id`)
	SELECT 'reset', `token_hash`, `email`, `lang`, `code_hash`, `expires_at`, `tries`, `sent_at`, `created_at`, `user_id` FROM `password_resets`;--> statement-breakpoint
DELETE FROM `signups`;--> statement-breakpoint
DELETE FROM `password_resets`;
