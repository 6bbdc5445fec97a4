CREATE TABLE `push_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`order_id` integer,
	`auction_id` integer,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`tag` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`provider` text,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_outbox_due_idx` ON `push_outbox` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `push_outbox_device_tag_idx` ON `push_outbox` (`subscription_id`,`tag`);