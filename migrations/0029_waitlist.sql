CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`zip` text NOT NULL,
	`state` text DEFAULT 'waiting' NOT NULL,
	`stock_held` integer DEFAULT false NOT NULL,
	`hold_date` text,
	`hold_until` integer,
	`order_id` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_live_idx` ON `waitlist_entries` (`product_id`,`user_id`) WHERE "waitlist_entries"."state" IN ('waiting', 'held');--> statement-breakpoint
CREATE INDEX `waitlist_entries_line_idx` ON `waitlist_entries` (`product_id`,`state`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_held_idx` ON `waitlist_entries` (`hold_date`,`product_id`) WHERE "waitlist_entries"."stock_held" = 1;