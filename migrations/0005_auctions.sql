ALTER TABLE `auction_bids` ADD `user_id` integer;--> statement-breakpoint
ALTER TABLE `auction_bids` ADD `seq` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `start_time` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `scheduled_end_time` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `min_increment_paise` integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE `auctions` ADD `seller_user_id` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `winner_user_id` integer;--> statement-breakpoint
ALTER TABLE `auctions` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `auctions` ADD `version` integer DEFAULT 0 NOT NULL;