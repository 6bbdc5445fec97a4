-- An outbid text has no order: order_id becomes optional, and the text names its auction and bidder instead.
-- (No table references message_outbox, so it is rebuilt without turning foreign keys off.)
CREATE TABLE `__new_message_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer,
	`auction_id` integer,
	`user_id` integer,
	`kind` text NOT NULL,
	`channel` text DEFAULT 'sms' NOT NULL,
	`to_phone` text NOT NULL,
	`body` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`provider` text,
	`provider_ref` text,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_message_outbox`("id", "order_id", "kind", "channel", "to_phone", "body", "state", "tries", "next_attempt_at", "provider", "provider_ref", "last_error", "sent_at", "created_at", "updated_at") SELECT "id", "order_id", "kind", "channel", "to_phone", "body", "state", "tries", "next_attempt_at", "provider", "provider_ref", "last_error", "sent_at", "created_at", "updated_at" FROM `message_outbox`;--> statement-breakpoint
DROP TABLE `message_outbox`;--> statement-breakpoint
ALTER TABLE `__new_message_outbox` RENAME TO `message_outbox`;--> statement-breakpoint
CREATE UNIQUE INDEX `message_outbox_order_kind_channel_idx` ON `message_outbox` (`order_id`,`kind`,`channel`);--> statement-breakpoint
CREATE INDEX `message_outbox_due_idx` ON `message_outbox` (`state`,`next_attempt_at`);