ALTER TABLE `password_resets` ADD `lang` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `signups` ADD `lang` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `lang` text DEFAULT 'en' NOT NULL;