CREATE TABLE `product_photo_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`photo_id` integer NOT NULL,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	FOREIGN KEY (`photo_id`) REFERENCES `product_photos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_photo_variants_size_idx` ON `product_photo_variants` (`photo_id`,`format`,`width`);--> statement-breakpoint
CREATE INDEX `product_photo_variants_name_idx` ON `product_photo_variants` (`name`);