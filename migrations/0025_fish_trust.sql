CREATE TABLE `auction_fish` (
	`auction_id` integer PRIMARY KEY NOT NULL,
	`fish_id` integer NOT NULL,
	FOREIGN KEY (`auction_id`) REFERENCES `auctions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fish_id`) REFERENCES `fish`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `fish` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`order_item_id` integer,
	`landing_id` integer NOT NULL,
	`weight_grams` integer NOT NULL,
	`weighed_at` integer NOT NULL,
	`weighing` integer DEFAULT 1 NOT NULL,
	`video_name` text,
	`video_type` text,
	`video_bytes` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`order_item_id`) REFERENCES `order_items`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`landing_id`) REFERENCES `landings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fish_code_idx` ON `fish` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `fish_item_idx` ON `fish` (`order_item_id`);--> statement-breakpoint
CREATE INDEX `fish_landing_idx` ON `fish` (`landing_id`);--> statement-breakpoint
CREATE TABLE `fish_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fish_id` integer NOT NULL,
	`weighing` integer NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`variants` text DEFAULT '[]' NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`fish_id`) REFERENCES `fish`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fish_photos_idx` ON `fish_photos` (`fish_id`,`weighing`,`position`);--> statement-breakpoint
CREATE TABLE `landing_places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`name_te` text NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `landing_places_name_unique` ON `landing_places` (`name`);--> statement-breakpoint
CREATE TABLE `landings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place_id` integer NOT NULL,
	`landed_at` integer NOT NULL,
	`boat` text,
	`photo_name` text,
	`photo_width` integer,
	`photo_height` integer,
	`photo_variants` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`place_id`) REFERENCES `landing_places`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `landings_landed_idx` ON `landings` (`landed_at`);--> statement-breakpoint
-- The landings on the Godavari where Pulasa is brought in; the admin adds more, or hides one, on the landings screen.
INSERT INTO `landing_places` (`name`, `name_te`) VALUES ('Yanam', 'యానాం'), ('Dowleswaram', 'ధవళేశ్వరం'), ('Narsapuram', 'నరసాపురం'), ('Antarvedi', 'అంతర్వేది'), ('Kotipalli', 'కోటిపల్లి') ON CONFLICT (`name`) DO NOTHING;
