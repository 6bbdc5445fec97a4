CREATE TABLE `catch_days` (
	`product_id` integer NOT NULL,
	`delivery_date` text NOT NULL,
	`quantity` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`delivery_date`, `product_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `delivery_slots` (
	`delivery_date` text NOT NULL,
	`slot` text NOT NULL,
	`capacity` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`delivery_date`, `slot`)
);
--> statement-breakpoint
CREATE TABLE `product_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`alt` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_photos_name_idx` ON `product_photos` (`product_id`,`name`);--> statement-breakpoint
CREATE INDEX `product_photos_position_idx` ON `product_photos` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `site_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_date` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_slot` text;--> statement-breakpoint
CREATE INDEX `orders_delivery_idx` ON `orders` (`delivery_date`,`delivery_slot`,`stock_held`);--> statement-breakpoint
ALTER TABLE `products` ADD `unit` text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `min_qty` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `max_qty` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` DROP COLUMN `stock`;