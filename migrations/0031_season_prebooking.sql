ALTER TABLE `products` ADD `season_until` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `latest_date` text;--> statement-breakpoint
CREATE INDEX `orders_queue_idx` ON `orders` (`status`,`paid_at`,`id`) WHERE source = 'season';