DROP INDEX `orders_auction_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_auction_user_idx` ON `orders` (`auction_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_auction_live_idx` ON `orders` (`auction_id`) WHERE auction_id IS NOT NULL AND status NOT IN ('payment_expired', 'order_cancelled');